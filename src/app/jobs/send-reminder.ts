import { isOnTurn } from '../../domain/recipient-state.js';
import type { MailContent } from '../../infra/mail/mail-layout.js';
import { reminderMail } from '../../infra/mail/reminder-mail.js';
import type { AppContext } from '../context.js';
import { senderOf, userOrOwner } from '../envelopes/sender.js';
import type { JobPayloads } from '../outbox.js';
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
  { recipientId, automatic, remindedBy }: JobPayloads['send-reminder'],
): Promise<void> => {
  const mail = await ledgerTransaction(ctx, async (trx): Promise<{ to: string; content: MailContent } | undefined> => {
    const found = await loadRecipientWithEnvelope(ctx, trx, recipientId);
    if (!found || !isOutForSignature(found.envelope.status)) return undefined;
    const { recipient, envelope } = found;
    if (recipient.role !== 'signer' || !isOnTurn(recipient.status)) return undefined;

    const sender = await senderOf(trx, envelope);
    // A manual reminder names who asked for it (one removed since: the owner, as for an API client); an automatic one, the sender.
    const actor = automatic ? sender : await userOrOwner(trx, envelope.accountId, remindedBy ?? null);
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
      actor: { name: actor.name, email: actor.email },
      description: `${automatic ? 'Automatic reminder' : 'Reminder'} sent to ${recipient.name} <${recipient.email}>.`,
    });
    return { to: recipient.email, content };
  });
  if (mail) await ctx.mailer.send({ to: mail.to, ...mail.content });
};
