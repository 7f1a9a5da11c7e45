import { AppError } from '../../domain/app-error.js';
import { assertCanAct } from '../../domain/recipient-state.js';
import { updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import { updateRecipient } from '../../infra/db/tables/recipients-table.js';
import type { AppContext } from '../context.js';
import { advanceSteps } from '../corrections/advance-steps.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { eventEnvelope, eventRecipient } from '../webhooks/event-subjects.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { consentTextSha256 } from './consent-text.js';
import { claimSigningToken, openSigningAccess } from './signing-access.js';

/** A recorded approval. */
export interface Approval {
  envelopeId: string;
  approvedAt: string;
  /** This approval completed the last step: the envelope is now being sealed. */
  allDone: boolean;
}

/**
 * An approver approves (docs/concepts/signing.md): the consent to electronic records is recorded as
 * for a signature (its disclosure's SHA-256, IP address, user agent), with no marks and no fields;
 * then the step machine says what follows, as after a signature. An approver who disagrees
 * declines through the decline route.
 */
export const approveEnvelope = async (
  ctx: AppContext,
  rawToken: string,
  { consent }: { consent: boolean },
  origin: RequestOrigin,
): Promise<Approval> => {
  if (consent !== true) {
    throw new AppError('CONSENT_REQUIRED', 'The approver must accept the electronic records disclosure (consent: true).', {
      field: 'consent',
    });
  }
  const token = await claimSigningToken(ctx, rawToken);
  const approval = await ledgerTransaction(ctx, async (trx) => {
    const { envelope, recipient } = await openSigningAccess(ctx, trx, token, { lock: true });
    if (recipient.role !== 'signer' || recipient.signerRole !== 'approver') {
      throw new AppError('NOT_AN_APPROVER', 'Only an approver approves; this recipient signs, reads or observes the envelope.');
    }
    assertCanAct(recipient.status);
    const approvedAt = ctx.clock.now().toISOString();
    await updateRecipient(trx, recipient.id, {
      status: 'Approved',
      approvedAt,
      consentedAt: approvedAt,
      consentTextSha256: consentTextSha256(recipient.language),
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
    });
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'DOCUMENT_APPROVED',
      actor: { name: recipient.name, email: recipient.email },
      description: `${recipient.name} accepted the electronic records disclosure and approved the envelope.`,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
    });
    await updateEnvelope(trx, envelope.id, { status: 'InProgress' });
    const { allDone } = await advanceSteps(ctx, trx, envelope);
    await recordWebhookEvent(ctx, trx, {
      accountId: envelope.accountId,
      type: 'recipient.approved',
      data: { ...eventEnvelope(envelope, 'InProgress'), recipient: eventRecipient(recipient), approved_at: approvedAt, all_done: allDone },
    });
    return { envelopeId: envelope.id, approvedAt, allDone };
  });
  ctx.jobs.poke();
  return approval;
};
