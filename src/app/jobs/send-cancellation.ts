import { readEnvelopeEvenIfDeleted } from '../../infra/db/tables/envelopes-table.js';
import { readRecipients } from '../../infra/db/tables/recipients-table.js';
import { cancellationMail } from '../../infra/mail/cancellation-mail.js';
import type { AppContext } from '../context.js';
import { senderOf } from '../envelopes/sender.js';
import { sendEnvelopeMail } from './envelope-mail.js';

/** Tells every recipient who was ever notified that the sender cancelled the envelope, and why. */
export const sendCancellation = async (ctx: AppContext, { envelopeId }: { envelopeId: string }): Promise<void> => {
  const envelope = await readEnvelopeEvenIfDeleted(ctx.db, envelopeId);
  if (!envelope || envelope.status !== 'Cancelled') return;
  const sender = await senderOf(ctx.db, envelope);
  const notified = (await readRecipients(ctx.db, envelopeId)).filter((recipient) => recipient.sentAt !== null);
  for (const recipient of notified) {
    const mail = cancellationMail({
      recipientName: recipient.name,
      senderName: sender.name,
      envelopeName: envelope.name,
      reason: envelope.cancelReason ?? 'No reason was given.',
      cancelledAt: new Date(envelope.cancelledAt ?? ctx.clock.now()),
    });
    await sendEnvelopeMail(ctx, envelope.id, 'The cancellation notice', recipient, mail);
  }
};
