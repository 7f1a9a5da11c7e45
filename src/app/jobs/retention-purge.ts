import { recurringJob } from '../../infra/jobs/recurring-job.js';
import type { AppContext } from '../context.js';
import type { JobKind } from '../outbox.js';
import { purgeExpiredDocuments } from '../retention/purge-expired-documents.js';

const RETENTION_KIND: JobKind = 'purge-documents';
/** The contract's bound: the purge runs at least every minute. */
const RETENTION_INTERVAL_MS = 60_000;
const retentionPurge = recurringJob(RETENTION_KIND, RETENTION_INTERVAL_MS);

/** Makes sure the retention purge is on the queue (called at start). */
export const scheduleRetentionPurge = async (ctx: AppContext): Promise<void> => {
  if (await retentionPurge.ensureScheduled(ctx.db, ctx.clock.now())) ctx.jobs.poke();
};

/** Deletes the document bytes of envelopes past their account's retention, then schedules the next run a minute later. */
export const runRetentionPurge = async (ctx: AppContext): Promise<void> => {
  const purged = await purgeExpiredDocuments(ctx);
  if (purged) ctx.logger.info({ envelopes: purged }, 'Purged document bytes past retention');
  await retentionPurge.scheduleNext(ctx.db, ctx.clock.now());
};
