import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine, descendantsOf, waitForExit } from './process-stats.js';
import { repositoryRoot } from './repository-root.js';

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
// Generous: under valgrind (bench/instructions.ts) a start takes a minute or two.
const START_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 15_000;

const signalGroup = (groupId: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-groupId, signal);
  } catch {
    // The group has already gone.
  }
};

// The servers run in process groups of their own, which an interrupted bench would leave running:
// whatever is still up when the bench process exits is ended with it.
const runningGroups = new Set<number>();
process.once('exit', () => runningGroups.forEach((groupId) => signalGroup(groupId, 'SIGTERM')));
process.once('SIGINT', () => process.exit(130));

/**
 * Starts `command` in a process group of its own and waits for its "listening on <url>" line. The
 * group is what `stop` ends, so npm, its shell and the server stop together.
 */
export const startListening = async (
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd = repositoryRoot,
): Promise<ListeningProcess> => {
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const groupId = child.pid!;
  runningGroups.add(groupId);
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_KEPT));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const listening = new Promise<string>((resolve, reject) => {
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
  let url: string;
  try {
    url = await listening;
  } catch (error) {
    signalGroup(groupId, 'SIGKILL');
    runningGroups.delete(groupId);
    throw error;
  }
  const startMs = performance.now() - started;
  const leaves = [groupId, ...descendantsOf(groupId)].filter((pid) => descendantsOf(pid).length === 0);
  const pid = leaves.find((candidate) => /\bnode\b/.test(commandLine(candidate))) ?? groupId;
  return {
    url,
    pid,
    command: commandLine(pid),
    startMs,
    output: () => output,
    stop: async () => {
      signalGroup(groupId, 'SIGTERM');
      if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) {
        console.error(`[bench] ${command} did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM: killed`);
        signalGroup(groupId, 'SIGKILL');
        await waitForExit(pid, STOP_TIMEOUT_MS);
      }
      await exited;
      runningGroups.delete(groupId);
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
  if (!/(^|\s)node\s/.test(scripts.start)) throw new Error(`BENCH_CPU_PROF needs a start script that runs node (got "${scripts.start}")`);
  const profiled = scripts.start.replace(/(^|\s)node\s/, `$1node --cpu-prof --cpu-prof-dir=${cpuProfileDir} `);
  // The group's signal reaches the node process under the shell (the script may set variables first).
  return startListening('sh', ['-c', profiled], childEnvironment(env));
};

export const startBareServer = (): Promise<ListeningProcess> =>
  startListening(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], childEnvironment({}));
