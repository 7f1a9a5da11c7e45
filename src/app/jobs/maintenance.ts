import type { AppContext } from '../context.js';
import { purgeExpiredIdempotencyKeys } from '../idempotency/idempotency-keys.js';
import { purgeUnusedUploads } from '../uploads/purge-unused-uploads.js';
import { enqueueJob } from './enqueue-job.js';

const MAINTENANCE_INTERVAL_MS = 3600_000;

/** A clean-up that has not run yet, optionally only one due after `after` (not the run in progress). */
const isMaintenancePending = async (ctx: AppContext, after?: Date): Promise<boolean> => {
  let query = ctx.db.selectFrom('jobs').select('id').where('kind', '=', 'purge-uploads').where('done_at', 'is', null);
  if (after) query = query.where('run_at', '>', after.toISOString());
  return (await query.executeTakeFirst()) !== undefined;
};

/**
 * Makes sure the hourly clean-up is on the queue (called at start): at most one is pending, so
 * every process of a deployment can call this without multiplying the work.
 */
export const scheduleMaintenance = async (ctx: AppContext): Promise<void> => {
  if (await isMaintenancePending(ctx)) return;
  await enqueueJob(ctx, ctx.db, 'purge-uploads', {});
  ctx.jobs.poke();
};

/**
 * Forgets unused uploads and expired idempotency keys, then schedules the next run an hour later
 * (unless a rerun of this job after a crash already did).
 */
export const runMaintenance = async (ctx: AppContext): Promise<void> => {
  await purgeUnusedUploads(ctx);
  await purgeExpiredIdempotencyKeys(ctx);
  const now = ctx.clock.now();
  if (await isMaintenancePending(ctx, now)) return;
  await enqueueJob(ctx, ctx.db, 'purge-uploads', {}, new Date(now.getTime() + MAINTENANCE_INTERVAL_MS));
};
