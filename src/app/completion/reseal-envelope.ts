import { resealOutcome, type ResealOutcome } from '../../domain/completion-state.js';
import { AppError } from '../../domain/app-error.js';
import {
  readEnvelopeCompletion,
  updateEnvelopeCompletion,
  type EnvelopeCompletion,
} from '../../infra/db/tables/envelope-completions-table.js';
import { readEnvelope } from '../../infra/db/tables/envelopes-table.js';
import type { AppContext } from '../context.js';
import { enqueueJob } from '../outbox.js';

export interface ResealRequest {
  envelopeId: string;
  /** The caller's account; the operator's CLI reaches every account's envelopes. */
  accountId?: string;
}

export interface Reseal {
  envelopeId: string;
  outcome: ResealOutcome;
  completion: EnvelopeCompletion;
  /** The job that runs the round's first attempt, when this request queued it. */
  jobId: string | null;
}

/**
 * Retries the sealing of an envelope whose seal failed or is waiting to retry: a new round of
 * attempts (the same back-off as the first) whose first attempt is queued now; a job still queued
 * from the old round then does nothing. Asked again while that round is under way, nothing changes.
 */
export const resealEnvelope = async (ctx: AppContext, request: ResealRequest): Promise<Reseal> => {
  const reseal = await ctx.db.transaction().execute(async (trx): Promise<Reseal> => {
    // The stored status: an envelope waiting for its seal past its due date is still to be sealed.
    const envelope = await readEnvelope(trx, request.envelopeId, {
      lock: true,
      ...(request.accountId ? { accountId: request.accountId } : {}),
    });
    if (!envelope) throw new AppError('ENVELOPE_NOT_FOUND', `No envelope ${request.envelopeId}.`);
    const { outcome, completion } = resealOutcome(await readEnvelopeCompletion(trx, envelope.id, { lock: true }), envelope.status);
    if (outcome === 'under-way') return { envelopeId: envelope.id, outcome, completion, jobId: null };
    const now = ctx.clock.now().toISOString();
    const started: EnvelopeCompletion = {
      ...completion,
      state: 'pending',
      attempts: 0,
      reseals: completion.reseals + 1,
      nextAttemptAt: now,
      updatedAt: now,
    };
    await updateEnvelopeCompletion(trx, envelope.id, started);
    const jobId = await enqueueJob(ctx, trx, 'complete-envelope', { envelopeId: envelope.id, reseals: started.reseals });
    return { envelopeId: envelope.id, outcome, completion: started, jobId };
  });
  if (reseal.jobId) ctx.jobs.poke();
  return reseal;
};
