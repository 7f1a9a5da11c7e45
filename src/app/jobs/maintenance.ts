import { foldPastDaySlots } from '../../infra/db/tables/envelope-counts-table.js';
import { recurringJob } from '../../infra/jobs/recurring-job.js';
import { purgeBuilderDrafts } from '../builders/purge-builder-drafts.js';
import type { AppContext } from '../context.js';
import { collectUnreferencedBlobs } from '../documents/collect-unreferenced-blobs.js';
import { purgeExpiredIdempotencyKeys } from '../idempotency/idempotency-keys.js';
import type { JobKind } from '../outbox.js';
import { purgePublicLinkCodes } from '../public-links/purge-public-link-codes.js';
import { purgeUnusedUploads } from '../uploads/purge-unused-uploads.js';
import { purgeWebhookLog } from '../webhooks/purge-webhook-log.js';

const MAINTENANCE_KIND: JobKind = 'purge-uploads';
const MAINTENANCE_INTERVAL_MS = 3600_000;
const maintenance = recurringJob(MAINTENANCE_KIND, MAINTENANCE_INTERVAL_MS);

/** Makes sure the hourly clean-up is on the queue (called at start). */
export const scheduleMaintenance = async (ctx: AppContext): Promise<void> => {
  if (await maintenance.ensureScheduled(ctx.db, ctx.clock.now())) ctx.jobs.poke();
};

/**
 * Forgets unused uploads, builders' stale drafts and expired tokens, expired idempotency keys, webhook deliveries past their retention and public links' day-old codes, deletes the bytes nothing references any
 * more (the purged uploads' among them), folds the envelope list's day counters of past days into
 * one row each, then schedules the next run an hour later.
 */
export const runMaintenance = async (ctx: AppContext): Promise<void> => {
  await purgeUnusedUploads(ctx);
  await purgeBuilderDrafts(ctx);
  await foldPastDaySlots(ctx.db, ctx.clock.now());
  await purgeExpiredIdempotencyKeys(ctx);
  await purgeWebhookLog(ctx);
  await purgePublicLinkCodes(ctx);
  const collected = await collectUnreferencedBlobs(ctx);
  if (collected) ctx.logger.info({ blobs: collected }, 'Deleted unreferenced blobs');
  await maintenance.scheduleNext(ctx.db, ctx.clock.now());
};
