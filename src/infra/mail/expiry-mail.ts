import { formatDateTime } from '../../domain/date-format.js';
import { composeMail, greeting, paragraph, type MailContent } from './mail-layout.js';

export interface ExpiryMailParams {
  recipientName: string;
  senderName: string;
  envelopeName: string;
  expiredAt: Date;
  /** The sender is told they can extend the due date; a pending signer, that the sender can. */
  audience: 'sender' | 'signer';
}

const nextStep = (params: ExpiryMailParams): string =>
  params.audience === 'sender'
    ? 'You can extend the signing due date to let the remaining signers sign.'
    : `${params.senderName} can extend the signing due date; if they do, you will be able to sign again.`;

/** Tells the sender and the signers who had not signed that the envelope passed its due date. */
export const expiryMail = (params: ExpiryMailParams): MailContent =>
  composeMail(`Expired: "${params.envelopeName}"`, [
    greeting(params.recipientName),
    paragraph(
      `"${params.envelopeName}" from ${params.senderName} expired on ${formatDateTime(params.expiredAt)} ` +
        'before everyone had signed, and can no longer be signed.',
    ),
    paragraph(nextStep(params)),
  ]);
