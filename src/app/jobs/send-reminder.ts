import { isOnTurn } from '../../domain/recipient-state.js';
import type { MailContent } from '../../infra/mail/mail-layout.js';
import { reminderMail } from '../../infra/mail/reminder-mail.js';
import type { AppContext } from '../context.js';
import { senderOf } from '../envelopes/sender.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { issueSigningToken, signingUrl } from '../signing/signing-tokens.js';
import { isOutForSignature, loadRecipientWithEnvelope } from './job-subjects.js';

/**
 * Reminds a signer who can still act, with a fresh signing link. Like invitations: the token and
 * the REMINDER_SENT entry commit first, then the mail goes out (at-least-once).
 */
export const sendReminder = async (
  ctx: AppContext,
  { recipientId, automatic }: { recipientId: string; automatic: boolean },
): Promise<void> => {
  const mail = await ledgerTransaction(ctx, async (trx): Promise<{ to: string; content: MailContent } | undefined> => {
    const found = await loadRecipientWithEnvelope(ctx, trx, recipientId);
    if (!found || !isOutForSignature(found.envelope.status)) return undefined;
    const { recipient, envelope } = found;
    if (recipient.role !== 'signer' || !isOnTurn(recipient.status)) return undefined;

    const sender = await senderOf(trx, envelope.accountId);
    const token = await issueSigningToken(ctx, trx, { id: recipient.id, envelopeId: envelope.id }, 'invitation');
    const content = reminderMail({
      recipientName: recipient.name,
      senderName: sender.name,
      envelopeName: envelope.name,
      signingUrl: signingUrl(ctx, token),
      dueDate: new Date(envelope.signingDueDate),
      now: ctx.clock.now(),
      language: recipient.language,
    });
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'REMINDER_SENT',
      actor: { name: sender.name, email: sender.email },
      description: `${automatic ? 'Automatic reminder' : 'Reminder'} sent to ${recipient.name} <${recipient.email}>.`,
    });
    return { to: recipient.email, content };
  });
  if (mail) await ctx.mailer.send({ to: mail.to, ...mail.content });
};
