import { spawn, type ChildProcess } from 'node:child_process';

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Everything it wrote to stdout and stderr so far (the start banner among it). */
  output(): string;
  /** Ends the process with `signal` and waits for it to be gone. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * The server as a separate process with `env`, once it says where it listens: from the TypeScript
 * sources through tsx, or `compiled` as `npm start` runs it (`node dist/server/main.js`; build first).
 * `cwd` is the checkout it runs from: this one unless given (an earlier release's, for the upgrade test).
 */
export const startChildServer = async (
  env: Record<string, string>,
  options: { compiled?: boolean; cwd?: string } = {},
): Promise<ChildServer> => {
  const child = spawn('node', options.compiled ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/main.ts'], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    // Only what any shell has, plus `env`: the child sees none of the test runner's configuration.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" line in time:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening on (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => reject(new Error(`exited with ${code ?? signal}:\n${output}`)));
  });
  return {
    url,
    process: child,
    output: () => output,
    stop: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
};

/** An API call to a child server, as an API client makes it: the answer's status and parsed JSON body. */
export const callChild = async (server: ChildServer, method: string, path: string, token?: string, body?: unknown) => {
  const response = await fetch(`${server.url}/api/v2.0${path}`, {
    method,
    headers: {
      app_auth_type: 'esign-oauth2',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as any };
};
