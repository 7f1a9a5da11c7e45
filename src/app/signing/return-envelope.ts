import { AppError } from '../../domain/app-error.js';
import { assertCanAct } from '../../domain/recipient-state.js';
import { updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { enqueueJob } from '../outbox.js';
import { eventEnvelope, eventRecipient } from '../webhooks/event-subjects.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { claimSigningToken, openSigningAccess } from './signing-access.js';

export interface ReturnedEnvelope {
  envelopeId: string;
  status: 'Correcting';
  returnedAt: string;
}

/**
 * A recipient whose turn it is sends the envelope back to its sender (docs/api/corrections.md):
 * it is Correcting until the sender resends it, and nobody can sign it meanwhile. The sender and
 * the other recipients who were invited and have not acted are told.
 */
export const returnEnvelope = async (
  ctx: AppContext,
  rawToken: string,
  rawComment: string,
  origin: RequestOrigin,
): Promise<ReturnedEnvelope> => {
  const comment = rawComment.trim();
  if (!comment) throw new AppError('RETURN_COMMENT_REQUIRED', 'Say what the sender should correct (comment).', { field: 'comment' });
  const token = await claimSigningToken(ctx, rawToken);

  const returnedAt = await ledgerTransaction(ctx, async (trx) => {
    const { envelope, recipient } = await openSigningAccess(ctx, trx, token, { lock: true });
    if (recipient.role !== 'signer') throw new AppError('NOT_A_SIGNER', 'Observers receive the envelope but cannot send it back.');
    assertCanAct(recipient.status);
    const now = ctx.clock.now().toISOString();
    await updateEnvelope(trx, envelope.id, { status: 'Correcting', returnedAt: now, returnComment: comment, returnedBy: recipient.id });
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'ENVELOPE_RETURNED',
      actor: { name: recipient.name, email: recipient.email },
      description: `${recipient.name} sent the envelope back to its sender for correction: ${comment}`,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
    });
    await enqueueJob(ctx, trx, 'send-return-notice', { envelopeId: envelope.id, returnedAt: now });
    await recordWebhookEvent(ctx, trx, {
      accountId: envelope.accountId,
      type: 'envelope.returned',
      data: { ...eventEnvelope(envelope, 'Correcting'), returned_by: eventRecipient(recipient), returned_at: now, comment },
    });
    return now;
  });
  ctx.jobs.poke();
  return { envelopeId: token.envelopeId, status: 'Correcting', returnedAt };
};
