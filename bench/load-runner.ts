// The load generator, in a process of its own so that it and the server under test never share an
// event loop (the bare route would otherwise measure autocannon as much as Fastify). bench/load.ts
// sends it one LoadJob at a time over IPC and gets a LoadResult back.
import autocannon from 'autocannon';
import type { LoadJob, LoadResult } from './load.js';

const run = async (job: LoadJob): Promise<LoadResult> => {
  const result = await autocannon({
    url: job.url,
    method: job.method ?? 'GET',
    headers: job.headers ?? {},
    ...(job.body === undefined ? {} : { body: job.body }),
    connections: job.connections,
    ...(job.amount === undefined ? { duration: job.seconds ?? 1 } : { amount: job.amount }),
  });
  const seconds = Math.max(result.duration, 0.001);
  return {
    requestsPerSecond: result.requests.total / seconds,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count])),
  };
};

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send?.({ result }),
    (error: unknown) => process.send?.({ error: error instanceof Error ? error.message : String(error) }),
  );
});
