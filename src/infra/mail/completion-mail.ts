import { formatDateTime } from '../../domain/date-format.js';
import { button, composeMail, greeting, link, paragraph, type MailBlock, type MailContent } from './mail-layout.js';

export interface CompletionMailParams {
  recipientName: string;
  senderName: string;
  envelopeName: string;
  completedAt: Date;
  /** `/verify/{envelope_id}`: where anyone can check the sealed document. */
  verificationUrl: string;
  /** Given when the sealed PDF is not attached (too large): where to download it instead. */
  downloadUrl?: string;
}

const sealedCopy = (downloadUrl: string | undefined): MailBlock[] =>
  downloadUrl
    ? [paragraph('Download the signed and sealed document here:'), button('Download the signed document', downloadUrl)]
    : [paragraph('The signed and sealed document is attached to this e-mail.')];

/** Sent to every signer, observer and the sender once the envelope is signed by all and sealed. */
export const completionMail = (params: CompletionMailParams): MailContent =>
  composeMail(`Completed: "${params.envelopeName}"`, [
    greeting(params.recipientName),
    paragraph(
      `"${params.envelopeName}" from ${params.senderName} was signed by everyone; ` +
        `it was completed on ${formatDateTime(params.completedAt)}.`,
    ),
    ...sealedCopy(params.downloadUrl),
    paragraph('Anyone can check that the document is authentic and has not been altered since it was sealed.'),
    link('Verify the document', params.verificationUrl),
  ]);
