import { isOnTurn } from '../../domain/recipient-state.js';
import { updateRecipient } from '../../infra/db/tables/recipients-table.js';
import { invitationMail } from '../../infra/mail/invitation-mail.js';
import type { AppContext } from '../context.js';
import { senderOf } from '../envelopes/sender.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { issueSigningToken, signingUrl } from '../signing/signing-tokens.js';
import { sendEnvelopeMail } from './envelope-mail.js';
import { isOutForSignature, loadRecipientWithEnvelope } from './job-subjects.js';
import { stepMailOf, type StepMail } from './step-mail.js';

/**
 * Invites one recipient: a signer gets a fresh signing link, an approver or viewer theirs with the
 * words of their step, an in-person signer's host a notice that the signing is ready, an observer
 * a notice. The token and the INVITATION_SENT entry commit before the mail leaves, so the link in a
 * sent mail always works; if sending fails the job runs again and the recipient may receive the
 * invitation twice (at-least-once delivery, never none).
 */
export const sendInvitation = async (ctx: AppContext, { recipientId }: { recipientId: string }): Promise<void> => {
  const mail = await ledgerTransaction(ctx, async (trx): Promise<(StepMail & { envelopeId: string }) | undefined> => {
    const found = await loadRecipientWithEnvelope(ctx, trx, recipientId);
    if (!found || !isOutForSignature(found.envelope.status)) return undefined;
    const { recipient, envelope } = found;
    if (recipient.role === 'signer' && !isOnTurn(recipient.status)) return undefined;

    const sender = await senderOf(trx, envelope);
    const base = {
      recipientName: recipient.name,
      senderName: sender.name,
      envelopeName: envelope.name,
      ...(envelope.message ? { message: envelope.message } : {}),
      dueDate: new Date(envelope.signingDueDate),
      language: recipient.language,
    };
    const step = recipient.role === 'signer' ? await stepMailOf(ctx, trx, { recipient, envelope, sender, reminder: false }) : undefined;
    if (step === null) return undefined;
    const content =
      step?.content ??
      (recipient.role === 'signer'
        ? invitationMail({
            ...base,
            role: 'signer',
            signingUrl: signingUrl(ctx, await issueSigningToken(ctx, trx, { id: recipient.id, envelopeId: envelope.id }, 'invitation')),
            ...(recipient.privateNote ? { privateNote: recipient.privateNote } : {}),
          })
        : invitationMail({ ...base, role: 'observer' }));
    const to = step?.to ?? recipient;

    await updateRecipient(trx, recipient.id, { sentAt: ctx.clock.now().toISOString() });
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'INVITATION_SENT',
      actor: { name: sender.name, email: sender.email },
      description:
        to === recipient
          ? `Invitation sent to ${recipient.role} ${recipient.name} <${recipient.email}>.`
          : `In-person signing of ${recipient.name} announced to their host ${to.name} <${to.email}>.`,
    });
    return { to, content, envelopeId: envelope.id };
  });
  if (mail) await sendEnvelopeMail(ctx, mail.envelopeId, 'The invitation', mail.to, mail.content);
};
