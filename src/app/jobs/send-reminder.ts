import { isOnTurn } from '../../domain/recipient-state.js';
import { reminderMail } from '../../infra/mail/reminder-mail.js';
import type { AppContext } from '../context.js';
import { senderOf, userOrOwner } from '../envelopes/sender.js';
import type { JobPayloads } from '../outbox.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { issueSigningToken, signingUrl } from '../signing/signing-tokens.js';
import { sendEnvelopeMail } from './envelope-mail.js';
import { isOutForSignature, loadRecipientWithEnvelope } from './job-subjects.js';
import { stepMailOf, type StepMail } from './step-mail.js';

/**
 * Reminds a recipient who can still act, with a fresh signing link (an in-person signer: their
 * host, with the console's link). Like invitations: the token and the REMINDER_SENT entry commit
 * first, then the mail goes out (at-least-once).
 */
export const sendReminder = async (
  ctx: AppContext,
  { recipientId, automatic, remindedBy }: JobPayloads['send-reminder'],
): Promise<void> => {
  const mail = await ledgerTransaction(ctx, async (trx): Promise<(StepMail & { envelopeId: string }) | undefined> => {
    const found = await loadRecipientWithEnvelope(ctx, trx, recipientId);
    if (!found || !isOutForSignature(found.envelope.status)) return undefined;
    const { recipient, envelope } = found;
    if (recipient.role !== 'signer' || !isOnTurn(recipient.status)) return undefined;

    const sender = await senderOf(trx, envelope);
    // A manual reminder names who asked for it (one removed since: the owner, as for an API client); an automatic one, the sender.
    const actor = automatic ? sender : await userOrOwner(trx, envelope.accountId, remindedBy ?? null);
    const step = await stepMailOf(ctx, trx, { recipient, envelope, sender, reminder: true });
    if (step === null) return undefined;
    const content =
      step?.content ??
      reminderMail({
        recipientName: recipient.name,
        senderName: sender.name,
        envelopeName: envelope.name,
        signingUrl: signingUrl(ctx, await issueSigningToken(ctx, trx, { id: recipient.id, envelopeId: envelope.id }, 'invitation')),
        dueDate: new Date(envelope.signingDueDate),
        now: ctx.clock.now(),
        language: recipient.language,
      });
    const to = step?.to ?? recipient;
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'REMINDER_SENT',
      actor: { name: actor.name, email: actor.email },
      description:
        to === recipient
          ? `${automatic ? 'Automatic reminder' : 'Reminder'} sent to ${recipient.name} <${recipient.email}>.`
          : `${automatic ? 'Automatic reminder' : 'Reminder'} of the in-person signing of ${recipient.name} sent to their host ${to.name} <${to.email}>.`,
    });
    return { to, content, envelopeId: envelope.id };
  });
  if (mail) await sendEnvelopeMail(ctx, mail.envelopeId, 'The reminder', mail.to, mail.content);
};
