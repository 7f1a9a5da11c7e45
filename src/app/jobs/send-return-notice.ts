import { DEFAULT_LANGUAGE } from '../../domain/language.js';
import { isOnTurn } from '../../domain/recipient-state.js';
import { awaitsAction } from '../../domain/signing-steps.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import { readEnvelopeEvenIfDeleted } from '../../infra/db/tables/envelopes-table.js';
import { readRecipients } from '../../infra/db/tables/recipients-table.js';
import { returnNoticeMail } from '../../infra/mail/return-notice-mail.js';
import type { AppContext } from '../context.js';
import { senderOf } from '../envelopes/sender.js';
import { sendEnvelopeMail, type EnvelopeMail } from './envelope-mail.js';

/**
 * Tells the sender that a signer sent the envelope back, and every other recipient who was invited
 * and has not acted yet that it is on hold until a new invitation comes. Nothing is sent once the
 * envelope has left Correcting (already resent, cancelled) or was sent back again since.
 */
export const sendReturnNotice = async (ctx: AppContext, { envelopeId, returnedAt }: { envelopeId: string; returnedAt: string }) => {
  const envelope = await readEnvelopeEvenIfDeleted(ctx.db, envelopeId);
  if (!envelope || envelope.deletedAt || envelope.status !== 'Correcting' || envelope.returnedAt !== returnedAt) return;
  const recipients = await readRecipients(ctx.db, envelopeId, 'signer');
  const returner = recipients.find((recipient) => recipient.id === envelope.returnedBy);
  if (!returner) return;

  const sender = await senderOf(ctx.db, envelope);
  const senderLanguage = (await readAccount(ctx.db, envelope.accountId))?.defaultLanguage ?? DEFAULT_LANGUAGE;
  const common = {
    senderName: sender.name,
    envelopeName: envelope.name,
    returnedBy: { name: returner.name, email: returner.email },
    comment: envelope.returnComment ?? '',
    returnedAt: new Date(returnedAt),
  };
  const mails: EnvelopeMail[] = [
    { to: sender, ...returnNoticeMail({ ...common, recipientName: sender.name, audience: 'sender', language: senderLanguage }) },
    ...recipients
      .filter(
        (recipient) =>
          recipient.id !== returner.id && isOnTurn(recipient.status) && awaitsAction(recipient) && recipient.signerRole !== 'in_person',
      )
      .map((recipient) => ({
        to: recipient,
        ...returnNoticeMail({ ...common, recipientName: recipient.name, audience: 'recipient', language: recipient.language }),
      })),
  ];
  for (const { to, ...mail } of mails) await sendEnvelopeMail(ctx, envelopeId, 'The return notice', to, mail);
};
