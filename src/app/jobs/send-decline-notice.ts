import { readEnvelopeEvenIfDeleted } from '../../infra/db/tables/envelopes-table.js';
import { readRecipients } from '../../infra/db/tables/recipients-table.js';
import { declineMail } from '../../infra/mail/decline-mail.js';
import type { AppContext } from '../context.js';
import { senderOf } from '../envelopes/sender.js';
import { sendEnvelopeMail } from './envelope-mail.js';

/** Tells the sender and the other signers already invited who declined the envelope, and why. */
export const sendDeclineNotice = async (ctx: AppContext, { envelopeId }: { envelopeId: string }): Promise<void> => {
  const envelope = await readEnvelopeEvenIfDeleted(ctx.db, envelopeId);
  if (!envelope || envelope.status !== 'Declined') return;
  const signers = await readRecipients(ctx.db, envelopeId, 'signer');
  const decliner = signers.find((signer) => signer.status === 'Declined');
  if (!decliner) return;

  const sender = await senderOf(ctx.db, envelope);
  const audience = [
    { name: sender.name, email: sender.email },
    ...signers.filter((signer) => signer.id !== decliner.id && signer.sentAt !== null),
  ];
  for (const person of audience) {
    const mail = declineMail({
      recipientName: person.name,
      envelopeName: envelope.name,
      declinedBy: { name: decliner.name, email: decliner.email },
      reason: decliner.declineReason ?? 'No reason was given.',
      declinedAt: new Date(decliner.declinedAt ?? envelope.declinedAt ?? ctx.clock.now()),
    });
    await sendEnvelopeMail(ctx, envelope.id, 'The decline notice', person, mail);
  }
};
