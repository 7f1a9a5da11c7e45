import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchRun } from '../bench-run.js';
import { rssMb, waitUntilIdle } from '../process-stats.js';
import type { Figure } from '../report.js';
import { TARGETS, atMost, mb } from '../targets.js';
import { routesOf } from './routes.js';

/**
 * Idle RSS as an operator sees it: the server has started and served each kind of request the
 * throughput table measures (so lazily loaded code and the PDF workers have been used), then sat idle.
 */
export const idleMemory = async (run: BenchRun): Promise<Figure> => {
  for (const route of await routesOf(run)) await run.load.run({ ...route.job, connections: 8, amount: run.options.warmUpRequests });
  await waitUntilIdle(run.server.pid);
  await sleep(run.options.idleSeconds * 1000);
  const detail = `after ${run.options.warmUpRequests} requests of each measured route, then ${run.options.idleSeconds} s idle`;
  return atMost('idle RSS of the server', run.database, rssMb(run.server.pid), TARGETS.idleRssMb, mb, detail);
};
