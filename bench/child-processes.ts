import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine, descendantsOf, waitForExit } from './process-stats.js';

export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Only what any shell has, plus the bench's settings: the children see none of the caller's configuration. */
export const childEnvironment = (env: Record<string, string>): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  npm_config_update_notifier: 'false',
  ...env,
});

export interface ListeningProcess {
  url: string;
  /** The process that serves: for `npm start`, the node process under npm (and its shell). */
  pid: number;
  command: string;
  /** From spawn to the "listening on" line. */
  startMs: number;
  /** The last lines it printed, to explain a failure. */
  output(): string;
  stop(): Promise<void>;
}

const OUTPUT_KEPT = 8_000;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Starts `command` in a process group of its own and waits for its "listening on <url>" line. The
 * group is what `stop` ends, so npm, its shell and the server stop together.
 */
export const startListening = async (command: string, args: string[], env: Record<string, string>): Promise<ListeningProcess> => {
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, { cwd: repositoryRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_KEPT));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command} ${args.join(' ')}: no "listening" line in time:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const look = () => {
      const match = output.match(/listening on (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', look);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}:\n${output}`));
    });
  });
  const startMs = performance.now() - started;
  const leaves = [child.pid!, ...descendantsOf(child.pid!)].filter((pid) => descendantsOf(pid).length === 0);
  const pid = leaves.find((candidate) => /\bnode\b/.test(commandLine(candidate))) ?? child.pid!;
  return {
    url,
    pid,
    command: commandLine(pid),
    startMs,
    output: () => output,
    stop: async () => {
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, name);
        } catch {
          // The group has already gone.
        }
      };
      signal('SIGTERM');
      if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) {
        console.error(`[bench] ${command} did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM: killed`);
        signal('SIGKILL');
        await waitForExit(pid, STOP_TIMEOUT_MS);
      }
      await exited;
    },
  };
};

/**
 * `npm start` with `env`, the way a self-hoster starts the service (compiled when the build provides
 * it). With `cpuProfileDir`, the start script's own command instead, its `node` given `--cpu-prof`
 * (which Node does not accept from NODE_OPTIONS).
 */
export const startCountersign = (env: Record<string, string>, cpuProfileDir?: string): Promise<ListeningProcess> => {
  if (!cpuProfileDir) return startListening('npm', ['start', '--silent'], childEnvironment(env));
  const { scripts } = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { scripts: { start: string } };
  if (!/^node\s/.test(scripts.start)) throw new Error(`BENCH_CPU_PROF needs a start script that runs node (got "${scripts.start}")`);
  const profiled = scripts.start.replace(/^node\s/, `node --cpu-prof --cpu-prof-dir=${cpuProfileDir} `);
  return startListening('sh', ['-c', `exec ${profiled}`], childEnvironment(env));
};

export const startBareServer = (): Promise<ListeningProcess> =>
  startListening(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], childEnvironment({}));
