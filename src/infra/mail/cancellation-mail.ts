import { formatDateTime } from '../../domain/date-format.js';
import { composeMail, greeting, paragraph, quote, type MailContent } from './mail-layout.js';

export interface CancellationMailParams {
  recipientName: string;
  senderName: string;
  envelopeName: string;
  reason: string;
  cancelledAt: Date;
}

/** Tells a recipient that the sender cancelled the envelope, and why. */
export const cancellationMail = (params: CancellationMailParams): MailContent =>
  composeMail(`Cancelled: "${params.envelopeName}"`, [
    greeting(params.recipientName),
    paragraph(
      `${params.senderName} cancelled "${params.envelopeName}" on ${formatDateTime(params.cancelledAt)}. ` +
        'It can no longer be signed, and nothing more is needed from you.',
    ),
    quote('Reason given', params.reason),
  ]);
