import { isPending } from '../../domain/recipient-state.js';
import { readEnvelope, updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import { readRecipients } from '../../infra/db/tables/recipients-table.js';
import { readSigningGroups } from '../../infra/db/tables/signing-groups-table.js';
import { allStepsDone } from '../../domain/signing-steps.js';
import { stepRecipientOf } from '../corrections/advance-steps.js';
import { expiryMail } from '../../infra/mail/expiry-mail.js';
import type { AppContext } from '../context.js';
import { senderOf } from '../envelopes/sender.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { eventEnvelope } from '../webhooks/event-subjects.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { sendEnvelopeMail, type EnvelopeMail } from './envelope-mail.js';
import { isOutForSignature, SYSTEM_ACTOR } from './job-subjects.js';

/**
 * Records the expiry of an envelope whose due instant has come: status Expired, expired_at and
 * the ENVELOPE_EXPIRED entry in one transaction, then the notices. An envelope whose due date was
 * extended in the meantime is left alone (the extension scheduled its own expiry job), and so is one
 * every signer signed before its due date, whose seal is still being retried.
 */
export const expireEnvelope = async (ctx: AppContext, { envelopeId }: { envelopeId: string }): Promise<void> => {
  const mails = await ledgerTransaction(ctx, async (trx): Promise<EnvelopeMail[]> => {
    // The stored status: this job is what turns an open envelope past its due instant into Expired.
    const envelope = await readEnvelope(trx, envelopeId, { lock: true });
    const now = ctx.clock.now();
    // A Correcting envelope runs towards its due date too.
    const open = envelope && (isOutForSignature(envelope.status) || envelope.status === 'Correcting');
    if (!envelope || !open || new Date(envelope.signingDueDate) > now) return [];
    const allSigners = await readRecipients(trx, envelopeId, 'signer');
    // Every step was done in time: only its seal is missing (failing, retried), and the seal is what settles it.
    const groups = (await readSigningGroups(trx, envelopeId)).map((group) => ({ id: group.id, required: group.required }));
    if (allStepsDone(allSigners.map(stepRecipientOf), groups)) return [];

    const expiredAt = envelope.signingDueDate;
    await updateEnvelope(trx, envelopeId, { status: 'Expired', expiredAt });
    await appendLedgerEntry(ctx, trx, {
      envelopeId,
      activityType: 'ENVELOPE_EXPIRED',
      actor: SYSTEM_ACTOR,
      description: `Envelope "${envelope.name}" expired at its signing due date ${expiredAt} before every signer had signed.`,
    });
    await recordWebhookEvent(ctx, trx, {
      accountId: envelope.accountId,
      type: 'envelope.expired',
      data: { ...eventEnvelope(envelope, 'Expired'), expired_at: expiredAt, signing_due_date: envelope.signingDueDate },
    });

    const sender = await senderOf(trx, envelope);
    const signers = allSigners.filter((signer) => signer.sentAt !== null);
    const common = { senderName: sender.name, envelopeName: envelope.name, expiredAt: new Date(expiredAt) };
    return [
      { to: sender, ...expiryMail({ ...common, recipientName: sender.name, audience: 'sender' }) },
      ...signers
        // A witness the signer was to name, or an in-person signer without an address, has nowhere to be told.
        .filter((signer) => isPending(signer.status) && signer.email !== '')
        .map((signer) => ({ to: signer, ...expiryMail({ ...common, recipientName: signer.name, audience: 'signer' }) })),
    ];
  });
  ctx.jobs.poke();
  for (const { to, ...mail } of mails) await sendEnvelopeMail(ctx, envelopeId, 'The expiry notice', to, mail);
};
