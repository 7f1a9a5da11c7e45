import { AppError } from '../../domain/app-error.js';
import { readEnvelopeCompletion, type EnvelopeCompletion } from '../../infra/db/tables/envelope-completions-table.js';
import type { AppContext } from '../context.js';
import { runJobNow } from '../jobs/run-job-now.js';
import { resealEnvelope } from './reseal-envelope.js';

export interface ResealRun {
  envelopeId: string;
  /** False when a running service's worker took the attempt (or the round was under way already). */
  ranHere: boolean;
  completion: EnvelopeCompletion;
}

/**
 * The operator's reseal (`countersign envelope reseal`): starts a new round as the API does, then
 * runs its first attempt in this process, so the outcome is known when the command ends and no
 * running service is needed. The attempt is a queued job run under a lease: a running service's
 * worker never seals it at the same time, and takes it over if this process dies.
 */
export const resealAndRun = async (ctx: AppContext, envelopeId: string): Promise<ResealRun> => {
  const reseal = await resealEnvelope(ctx, { envelopeId });
  const ranHere = reseal.jobId ? await runJobNow(ctx, reseal.jobId) : false;
  const completion = await readEnvelopeCompletion(ctx.db, envelopeId);
  if (!completion) throw new AppError('ENVELOPE_NOT_FOUND', `No envelope ${envelopeId}.`);
  return { envelopeId, ranHere, completion };
};
