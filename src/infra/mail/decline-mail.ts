import { formatDateTime } from '../../domain/date-format.js';
import { composeMail, greeting, paragraph, quote, type MailContent } from './mail-layout.js';

export interface DeclineMailParams {
  recipientName: string;
  envelopeName: string;
  declinedBy: { name: string; email: string };
  reason: string;
  declinedAt: Date;
}

/** Tells the sender and the signers already invited that a signer declined, and why. */
export const declineMail = (params: DeclineMailParams): MailContent =>
  composeMail(`Declined: "${params.envelopeName}" was declined by ${params.declinedBy.name}`, [
    greeting(params.recipientName),
    paragraph(
      `${params.declinedBy.name} (${params.declinedBy.email}) declined to sign "${params.envelopeName}" ` +
        `on ${formatDateTime(params.declinedAt)}, so the envelope can no longer be signed.`,
    ),
    quote('Reason given', params.reason),
  ]);
