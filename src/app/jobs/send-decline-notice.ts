import { declineMail } from '../../infra/mail/decline-mail.js';
import type { AppContext } from '../context.js';
import { senderOf } from '../envelopes/sender.js';

/** Tells the sender and the other signers already invited who declined the envelope, and why. */
export const sendDeclineNotice = async (ctx: AppContext, { envelopeId }: { envelopeId: string }): Promise<void> => {
  const envelope = await ctx.db.selectFrom('envelopes').selectAll().where('id', '=', envelopeId).executeTakeFirst();
  if (!envelope || envelope.status !== 'Declined') return;
  const signers = await ctx.db.selectFrom('recipients').selectAll().where('envelope_id', '=', envelopeId).where('role', '=', 'signer').orderBy('position').execute();
  const decliner = signers.find((signer) => signer.status === 'Declined');
  if (!decliner) return;

  const sender = await senderOf(ctx.db, envelope.account_id);
  const audience = [
    { name: sender.name, email: sender.email },
    ...signers.filter((signer) => signer.id !== decliner.id && signer.sent_at !== null),
  ];
  for (const person of audience) {
    const mail = declineMail({
      recipientName: person.name,
      envelopeName: envelope.name,
      declinedBy: { name: decliner.name, email: decliner.email },
      reason: decliner.decline_reason ?? 'No reason was given.',
      declinedAt: new Date(decliner.declined_at ?? envelope.declined_at ?? ctx.clock.now()),
    });
    await ctx.mailer.send({ to: person.email, ...mail });
  }
};
