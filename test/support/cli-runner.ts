import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `countersign <args>` as an operator does (`bin/countersign.js`, which builds if stale), with `env`
 * on top of this process's environment. A non-zero exit is a result to assert on, not an exception.
 */
export const runCli = async (env: Record<string, string | undefined>, args: readonly string[]): Promise<CliRun> => {
  try {
    const { stdout, stderr } = await exec('node', ['bin/countersign.js', ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};
