import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { childEnvironment } from './child-processes.js';
import { repositoryRoot } from './repository-root.js';

/** One autocannon run: for `seconds`, or until `amount` requests were answered (a warm-up). */
export interface LoadJob {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds?: number;
  amount?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
}

export interface LoadGenerator {
  pid: number;
  run(job: LoadJob): Promise<LoadResult>;
  close(): void;
}

/** Starts bench/load-runner.ts as a child process; its runs go one at a time. */
export const startLoadGenerator = (): LoadGenerator => {
  const child: ChildProcess = fork(join(repositoryRoot, 'bench', 'load-runner.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: childEnvironment({}),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let queue: Promise<unknown> = Promise.resolve();
  const runOne = (job: LoadJob) =>
    new Promise<LoadResult>((resolve, reject) => {
      const gone = () => reject(new Error('the load generator exited'));
      child.once('exit', gone);
      child.once('message', (message: { result?: LoadResult; error?: string }) => {
        child.off('exit', gone);
        if (message.result) resolve(message.result);
        else reject(new Error(`autocannon: ${message.error}`));
      });
      child.send(job);
    });
  return {
    pid: child.pid!,
    run: (job) => {
      const next = queue.then(() => runOne(job));
      queue = next.catch(() => undefined);
      return next;
    },
    close: () => {
      child.kill('SIGTERM');
    },
  };
};
