import { AppError } from '../../domain/app-error.js';
import { effectiveStatus } from '../../domain/envelope-state.js';
import { allStepsDone } from '../../domain/signing-steps.js';
import { readEnvelopeDetails, type DetailedCompletion, type EnvelopeDetailsRead } from '../../infra/db/tables/envelope-details.js';
import type { SigningGroup } from '../../infra/db/tables/signing-groups-table.js';
import type { AppContext } from '../context.js';

/**
 * The envelope's documents and recipients, its status as of now, and who created it (docs/api/people.md "Who acted");
 * its signing groups and every hand-over of a step (docs/api/workflows.md).
 */
export type EnvelopeDetails = EnvelopeDetailsRead;

/**
 * Where the completion stands; null until every signer has signed. Without a row, sealing has not
 * started yet (its job is queued), or the envelope was sealed before completions were recorded
 * (migration 0009), which took one attempt as far as anyone can tell.
 */
const completionOf = (
  { envelope, completion, signers }: EnvelopeDetailsRead,
  groups: readonly SigningGroup[],
): DetailedCompletion | null => {
  if (completion) return completion;
  if (envelope.status === 'Completed') return { state: 'completed', attempts: 1, lastError: null, nextAttemptAt: null };
  if (envelope.status === 'InProgress' && signers.length > 0 && allStepsDone(signers, groups))
    return { state: 'pending', attempts: 0, lastError: null, nextAttemptAt: null };
  return null;
};

/**
 * Everything the sender sees about one envelope (docs/concepts/envelopes.md), read in one statement. The certificate
 * of completion is a download of its own (`documentId` = `certificate`), so it is not listed among the
 * documents. An open envelope past its due instant reads Expired before the expiry job has run.
 */
export const getEnvelopeDetails = async (ctx: AppContext, accountId: string, envelopeId: string): Promise<EnvelopeDetails> => {
  const details = await readEnvelopeDetails(ctx.db, accountId, envelopeId);
  if (!details) throw new AppError('ENVELOPE_NOT_FOUND', `No envelope ${envelopeId}.`);
  const { envelope, ...rest } = details;
  const status = effectiveStatus({ status: envelope.status, signingDueDate: new Date(envelope.signingDueDate) }, ctx.clock.now());
  return { ...rest, completion: completionOf(details, details.groups), envelope: { ...envelope, status } };
};
