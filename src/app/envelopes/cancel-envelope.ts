import { AppError } from '../../domain/app-error.js';
import { assertCancellable } from '../../domain/envelope-state.js';
import { updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import type { AppContext } from '../context.js';
import { enqueueJob } from '../outbox.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { eventEnvelope } from '../webhooks/event-subjects.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { loadEnvelope } from './load-envelope.js';
import type { RequestOrigin } from './new-envelope.js';
import { actingPerson } from './sender.js';

export interface CancelRequest {
  accountId: string;
  /** The acting user (Caller.userId): named in the ledger. */
  userId: string | null;
  envelopeId: string;
  reason: string;
  /** Where the sender cancelled from: the request body's values where given, else the request's. */
  origin: RequestOrigin;
  location?: { latitude?: number; longitude?: number };
}

export interface CancelledEnvelope {
  envelopeId: string;
  status: 'Cancelled';
  cancelledAt: string;
  cancelReason: string;
}

const locationNote = (location: CancelRequest['location']): string =>
  location?.latitude !== undefined && location.longitude !== undefined ? ` (at ${location.latitude}, ${location.longitude})` : '';

/**
 * The sender withdraws an envelope that is out for signature or expired. Pending signers keep
 * their statuses: the envelope's Cancelled status is what closes their links.
 */
export const cancelEnvelope = async (ctx: AppContext, request: CancelRequest): Promise<CancelledEnvelope> => {
  const reason = request.reason.trim();
  if (!reason) throw new AppError('CANCEL_REASON_REQUIRED', 'Give a cancel_reason.', { field: 'cancel_reason' });
  const cancelledAt = ctx.clock.now().toISOString();

  await ledgerTransaction(ctx, async (trx) => {
    const envelope = await loadEnvelope(ctx, trx, request.accountId, request.envelopeId, { lock: true });
    assertCancellable(envelope.status);
    await updateEnvelope(trx, envelope.id, { status: 'Cancelled', cancelledAt, cancelReason: reason });
    const actor = await actingPerson(trx, request);
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'ENVELOPE_CANCELLED',
      actor: { name: actor.name, email: actor.email },
      description: `Envelope "${envelope.name}" cancelled by the sender${locationNote(request.location)}: ${reason}`,
      ipAddress: request.origin.ipAddress,
      userAgent: request.origin.userAgent,
    });
    await enqueueJob(ctx, trx, 'send-cancellation', { envelopeId: envelope.id });
    await recordWebhookEvent(ctx, trx, {
      accountId: envelope.accountId,
      type: 'envelope.cancelled',
      data: { ...eventEnvelope(envelope, 'Cancelled'), cancelled_at: cancelledAt, reason },
    });
  });
  ctx.jobs.poke();

  return { envelopeId: request.envelopeId, status: 'Cancelled', cancelledAt, cancelReason: reason };
};
