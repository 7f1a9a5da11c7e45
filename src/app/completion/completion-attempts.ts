import { completionRetryDelayMs } from '../../domain/completion-state.js';
import type { Db } from '../../infra/db/database.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import {
  insertEnvelopeCompletionIfAbsent,
  readEnvelopeCompletion,
  updateEnvelopeCompletion,
} from '../../infra/db/tables/envelope-completions-table.js';
import type { AppContext } from '../context.js';
import { enqueueJob } from '../outbox.js';
import { eventEnvelope } from '../webhooks/event-subjects.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { sealingFailureText } from './sealing-failure.js';

/**
 * Counts an attempt of the envelope's completion as started, unless the job that asks is stale: a
 * job of an earlier round (a reseal started a newer one), or one whose attempt is not due (a
 * duplicate of a retry scheduled later). A job left running by a process that died finds the state
 * `sealing` and counts as the next attempt. False when the caller must not seal.
 */
export const beginCompletionAttempt = (ctx: AppContext, envelopeId: string, reseals: number): Promise<boolean> =>
  ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    await insertEnvelopeCompletionIfAbsent(trx, {
      envelopeId,
      state: 'pending',
      attempts: 0,
      reseals: 0,
      lastError: null,
      nextAttemptAt: null,
      updatedAt: now.toISOString(),
    });
    const completion = await readEnvelopeCompletion(trx, envelopeId, { lock: true });
    if (!completion || completion.reseals !== reseals) return false;
    if (completion.state === 'completed' || completion.state === 'failed') return false;
    if (completion.nextAttemptAt && new Date(completion.nextAttemptAt) > now) return false;
    await updateEnvelopeCompletion(trx, envelopeId, {
      state: 'sealing',
      attempts: completion.attempts + 1,
      nextAttemptAt: null,
      updatedAt: now.toISOString(),
    });
    return true;
  });

/**
 * Records a failed attempt, in one transaction: the next one is queued after the round's back-off,
 * or, after the last, the completion is `failed` and stays so until someone reseals.
 */
export const recordFailedCompletionAttempt = async (ctx: AppContext, envelope: Envelope, error: unknown): Promise<void> => {
  const envelopeId = envelope.id;
  const lastError = sealingFailureText(error);
  await ctx.db.transaction().execute(async (trx) => {
    const completion = await readEnvelopeCompletion(trx, envelopeId, { lock: true });
    if (completion?.state !== 'sealing') return;
    const now = ctx.clock.now();
    const delayMs = completionRetryDelayMs(completion.attempts);
    if (delayMs === undefined) {
      await updateEnvelopeCompletion(trx, envelopeId, { state: 'failed', lastError, nextAttemptAt: null, updatedAt: now.toISOString() });
      await recordWebhookEvent(ctx, trx, {
        accountId: envelope.accountId,
        type: 'envelope.completion_failed',
        data: {
          ...eventEnvelope(envelope, envelope.status),
          failed_at: now.toISOString(),
          attempts: completion.attempts,
          last_error: lastError,
        },
      });
      return;
    }
    const nextAttemptAt = new Date(now.getTime() + delayMs);
    await updateEnvelopeCompletion(trx, envelopeId, {
      state: 'retrying',
      lastError,
      nextAttemptAt: nextAttemptAt.toISOString(),
      updatedAt: now.toISOString(),
    });
    await enqueueJob(ctx, trx, 'complete-envelope', { envelopeId, reseals: completion.reseals }, nextAttemptAt);
  });
  ctx.logger.warn({ envelope: envelopeId, err: error }, `Sealing attempt failed: ${lastError}`);
};

/** In the transaction that makes the envelope Completed. */
export const markCompletionSealed = (ctx: AppContext, trx: Db, envelopeId: string): Promise<void> =>
  updateEnvelopeCompletion(trx, envelopeId, { state: 'completed', nextAttemptAt: null, updatedAt: ctx.clock.now().toISOString() });
