import { claimJob, runJob } from '../../infra/jobs/job-worker.js';
import type { AppContext } from '../context.js';
import { jobHandlers } from './handlers.js';

/**
 * Runs a queued job in this process, under a lease like any worker's, so a running service never
 * runs it at the same time and takes it over if this process dies. False when a worker got it first.
 */
export const runJobNow = async (ctx: AppContext, jobId: string): Promise<boolean> => {
  const job = await claimJob(ctx, jobId);
  if (!job) return false;
  await runJob(ctx, jobHandlers, job);
  return true;
};
