import { spawn } from 'node:child_process';

/**
 * Podman as this sandbox needs it (scripts/container/stand-in-base.sh says why): runtime runc,
 * cgroupfs, and ulimits within the sandbox's hard limits on every build and run.
 */
const GLOBAL_FLAGS = ['--runtime', 'runc', '--cgroup-manager', 'cgroupfs'];
export const ULIMITS = ['--ulimit', 'nofile=20000:20000', '--ulimit', 'nproc=32768:32768'];

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
  /** How long the command took, in milliseconds. */
  elapsed: number;
}

/** Runs a command to its end; `check` (the default) throws with its output when it fails. */
export const run = (command: string, args: string[], options: { check?: boolean; input?: string } = {}): Promise<Finished> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const finished = { code, stdout, stderr, elapsed: performance.now() - started };
      if (code !== 0 && options.check !== false) {
        reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`));
      } else resolve(finished);
    });
    child.stdin.end(options.input ?? '');
  });

export const podman = (args: string[], options: { check?: boolean } = {}) => run('podman', [...GLOBAL_FLAGS, ...args], options);
