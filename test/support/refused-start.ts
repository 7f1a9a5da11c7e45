import { spawn } from 'node:child_process';

/**
 * `npm start` (the TypeScript through tsx) with `env` only, expected to stop before it listens: its exit
 * code and what it printed. A process that starts listening instead is stopped and fails the test.
 */
export const refusedStart = async (env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> => {
  const child = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let listening = false;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (!listening && /listening on /.test(stdout)) {
      listening = true;
      child.kill('SIGTERM');
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (listening) throw new Error(`started instead of refusing:\n${stdout}${stderr}`);
  return { code, stdout, stderr };
};
