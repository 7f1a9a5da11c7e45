import { cancellationMail } from '../../infra/mail/cancellation-mail.js';
import type { AppContext } from '../context.js';
import { senderOf } from '../envelopes/sender.js';

/** Tells every recipient who was ever notified that the sender cancelled the envelope, and why. */
export const sendCancellation = async (ctx: AppContext, { envelopeId }: { envelopeId: string }): Promise<void> => {
  const envelope = await ctx.db.selectFrom('envelopes').selectAll().where('id', '=', envelopeId).executeTakeFirst();
  if (!envelope || envelope.status !== 'Cancelled') return;
  const sender = await senderOf(ctx.db, envelope.account_id);
  const notified = await ctx.db
    .selectFrom('recipients')
    .select(['name', 'email'])
    .where('envelope_id', '=', envelopeId)
    .where('sent_at', 'is not', null)
    .orderBy('role', 'desc')
    .orderBy('position')
    .execute();
  for (const recipient of notified) {
    const mail = cancellationMail({
      recipientName: recipient.name,
      senderName: sender.name,
      envelopeName: envelope.name,
      reason: envelope.cancel_reason ?? 'No reason was given.',
      cancelledAt: new Date(envelope.cancelled_at ?? ctx.clock.now()),
    });
    await ctx.mailer.send({ to: recipient.email, ...mail });
  }
};
