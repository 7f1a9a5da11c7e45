import { AppError } from '../../domain/app-error.js';
import { assertCanAct } from '../../domain/recipient-state.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import { readRecipientAuthentication } from '../../infra/db/tables/recipient-authentications-table.js';
import { insertDelegation, readDelegations } from '../../infra/db/tables/recipient-delegations-table.js';
import { readRecipients, updateRecipient, type Recipient } from '../../infra/db/tables/recipients-table.js';
import { revokeRecipientTokens } from '../../infra/db/tables/signing-tokens-table.js';
import { newId } from '../../infra/ids.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { enqueueJob } from '../outbox.js';
import { eventEnvelope, eventRecipient } from '../webhooks/event-subjects.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { claimSigningToken, openSigningAccess } from './signing-access.js';

/** The body of `POST /signing/{token}/reassign`: who takes the step over, and why. */
export interface ReassignRequest {
  name: string;
  email: string;
  reason?: string;
}

export interface Reassignment {
  envelopeId: string;
  recipientId: string;
  name: string;
  email: string;
}

const notAllowed = (why: string) => new AppError('REASSIGN_NOT_ALLOWED', why);

/**
 * Who may hand their step on (docs/api/corrections.md): a signer, approver or viewer of an envelope
 * that allows it. A group member's step is the group's, an in-person signer's and a witness's are
 * tied to the people in the room, and an SMS check proves a phone that belonged to this person only.
 */
const assertReassignable = (envelope: Envelope, recipient: Recipient, smsChecked: boolean): void => {
  if (!envelope.allowReassign) throw notAllowed('The sender of this envelope does not allow signers to hand their step to someone else.');
  assertCanAct(recipient.status);
  if (recipient.role !== 'signer') throw new AppError('NOT_A_SIGNER', 'Observers receive the envelope but have no step to hand on.');
  if (recipient.groupId) throw notAllowed("A signing group member cannot hand their step on: the group's other members can sign for it.");
  if (recipient.signerRole === 'in_person')
    throw notAllowed('An in-person signer signs on their host’s device and cannot hand their step on.');
  if (recipient.signerRole === 'witness') throw notAllowed('A witness cannot hand their step on: they witnessed the signature themselves.');
  if (smsChecked) {
    throw notAllowed('This step is checked by a code sent to this signer’s phone: ask the sender to correct the recipient instead.');
  }
};

const reasonNote = (reason: string | null): string => (reason ? `: ${reason}` : '.');

/**
 * A recipient hands their step to another person: the recipient row keeps its id, fields and
 * signing order and takes the new person's name and address; the hand-over is a delegation row
 * (the chain, oldest first); the old person's links die with RECIPIENT_REASSIGNED, the new person
 * is invited and the sender told. An access code stays with the step.
 */
export const reassignRecipient = async (
  ctx: AppContext,
  rawToken: string,
  request: ReassignRequest,
  origin: RequestOrigin,
): Promise<Reassignment> => {
  const name = request.name.trim();
  if (!name) throw new AppError('RECIPIENT_NAME_REQUIRED', 'Give the name of the person who takes the step over.', { field: 'name' });
  const email = request.email.trim().toLowerCase();
  const reason = request.reason?.trim() || null;
  const token = await claimSigningToken(ctx, rawToken);

  const result = await ledgerTransaction(ctx, async (trx) => {
    const { envelope, recipient } = await openSigningAccess(ctx, trx, token, { lock: true });
    const authentication = await readRecipientAuthentication(trx, recipient.id);
    assertReassignable(envelope, recipient, authentication?.method === 'sms');
    const recipients = await readRecipients(trx, envelope.id);
    if (recipients.some((other) => other.email === email)) {
      throw new AppError('DUPLICATE_SIGNER', `${email} is already a recipient of this envelope.`, { field: 'email' });
    }

    const now = ctx.clock.now().toISOString();
    const chain = (await readDelegations(trx, envelope.id)).filter((delegation) => delegation.recipientId === recipient.id);
    const delegationId = newId('dlg');
    await insertDelegation(trx, {
      id: delegationId,
      envelopeId: envelope.id,
      recipientId: recipient.id,
      position: chain.length + 1,
      fromName: recipient.name,
      fromEmail: recipient.email,
      toName: name,
      toEmail: email,
      reason,
      at: now,
    });
    await updateRecipient(trx, recipient.id, {
      name,
      email,
      status: 'Sent',
      sentAt: now,
      viewedAt: null,
      consentedAt: null,
      consentTextSha256: null,
      // The old person's phone is no way to reach the new one.
      countryCode: null,
      phoneNumber: null,
      lastRemindedAt: null,
    });
    await revokeRecipientTokens(trx, recipient.id, 'reassigned', now);
    if (envelope.sendEmailToRecipients) await enqueueJob(ctx, trx, 'send-invitation', { recipientId: recipient.id });
    await enqueueJob(ctx, trx, 'send-reassign-notice', { delegationId, envelopeId: envelope.id });
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'RECIPIENT_REASSIGNED',
      actor: { name: recipient.name, email: recipient.email },
      description: `${recipient.name} <${recipient.email}> handed their step to ${name} <${email}>${reasonNote(reason)}`,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
    });
    await recordWebhookEvent(ctx, trx, {
      accountId: envelope.accountId,
      type: 'recipient.reassigned',
      data: {
        ...eventEnvelope(envelope, envelope.status),
        recipient: eventRecipient({ ...recipient, name, email }),
        from: { name: recipient.name, email: recipient.email },
        to: { name, email },
        reason,
        reassigned_at: now,
      },
    });
    return { envelopeId: envelope.id, recipientId: recipient.id, name, email };
  });
  ctx.jobs.poke();
  return result;
};
