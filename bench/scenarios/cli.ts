import { spawn } from 'node:child_process';
import { childEnvironment } from '../child-processes.js';
import { repositoryRoot } from '../repository-root.js';
import type { DatabaseName } from '../options.js';
import type { Figure } from '../report.js';
import { median } from '../statistics.js';
import { TARGETS, atMost, ms } from '../targets.js';

/** `node bin/countersign.js …` (what `npx countersign` runs), timed from spawn to exit. */
const runCli = (args: string[], env: Record<string, string>) =>
  new Promise<{ ms: number; stdout: string }>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['bin/countersign.js', ...args], { cwd: repositoryRoot, env: childEnvironment(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const elapsed = performance.now() - started;
      if (code === 0) resolve({ ms: elapsed, stdout });
      else reject(new Error(`countersign ${args.join(' ')} exited with ${code}: ${stderr || stdout}`));
    });
  });

/**
 * A command that loads nothing but the CLI itself, after one untimed run: that one builds whatever is
 * stale and warms the file cache, as any earlier command on a server would have.
 */
export const cliHelp = async (runs: number): Promise<Figure> => {
  await runCli(['--help'], {});
  const times: number[] = [];
  for (let run = 0; run < Math.max(1, runs); run += 1) times.push((await runCli(['--help'], {})).ms);
  return atMost(
    'CLI `countersign --help`',
    null,
    median(times),
    TARGETS.cliMs,
    ms,
    times.length > 1 ? `median of ${times.length}, after an untimed run` : 'after an untimed run',
  );
};

/**
 * `countersign account create` opens (and on its first run migrates) the database: the bench's own
 * account comes from it, as a self-hoster's would. The first run is reported apart from the target
 * unless it is the only one (`runs` 0, a smoke run).
 */
export const cliAccountCreate = async (
  database: DatabaseName,
  env: Record<string, string>,
  runs: number,
): Promise<{ credentials: string; figure: Figure }> => {
  const create = (n: number) =>
    runCli(['account', 'create', '--name', `Bench ${n}`, '--email', `bench-${n}@example.test`, '--plan', 'starter', '--json'], env);
  const first = await create(0);
  const times: number[] = [];
  for (let run = 1; run <= runs; run += 1) times.push((await create(run)).ms);
  const credentials = (JSON.parse(first.stdout) as { credentials: string }).credentials;
  const name = 'CLI `countersign account create` (opens the database)';
  const figure = times.length
    ? atMost(name, database, median(times), TARGETS.cliMs, ms, `median of ${runs}; first run, migrating a fresh database: ${ms(first.ms)}`)
    : atMost(name, database, first.ms, TARGETS.cliMs, ms, 'one run, migrating a fresh database');
  return { credentials, figure };
};
