import { isOnTurn } from '../../domain/recipient-state.js';
import { updateRecipient } from '../../infra/db/tables/recipients-table.js';
import { invitationMail } from '../../infra/mail/invitation-mail.js';
import type { MailContent } from '../../infra/mail/mail-layout.js';
import type { AppContext } from '../context.js';
import { senderOf } from '../envelopes/sender.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { issueSigningToken, signingUrl } from '../signing/signing-tokens.js';
import { isOutForSignature, loadRecipientWithEnvelope } from './job-subjects.js';

/**
 * Invites one recipient: a signer gets a fresh signing link, an observer a notice.
 * The token and the INVITATION_SENT entry commit before the mail leaves, so the link in a sent
 * mail always works; if sending fails the job runs again and the recipient may receive the
 * invitation twice (at-least-once delivery, never none).
 */
export const sendInvitation = async (ctx: AppContext, { recipientId }: { recipientId: string }): Promise<void> => {
  const mail = await ledgerTransaction(ctx, async (trx): Promise<{ to: string; content: MailContent } | undefined> => {
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
    const content =
      recipient.role === 'signer'
        ? invitationMail({
            ...base,
            role: 'signer',
            signingUrl: signingUrl(ctx, await issueSigningToken(ctx, trx, { id: recipient.id, envelopeId: envelope.id }, 'invitation')),
            ...(recipient.privateNote ? { privateNote: recipient.privateNote } : {}),
          })
        : invitationMail({ ...base, role: 'observer' });

    await updateRecipient(trx, recipient.id, { sentAt: ctx.clock.now().toISOString() });
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'INVITATION_SENT',
      actor: { name: sender.name, email: sender.email },
      description: `Invitation sent to ${recipient.role} ${recipient.name} <${recipient.email}>.`,
    });
    return { to: recipient.email, content };
  });
  if (mail) await ctx.mailer.send({ to: mail.to, ...mail.content });
};
