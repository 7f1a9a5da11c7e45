import { formatDateTime } from '../../domain/date-format.js';
import type { Language } from '../../domain/language.js';
import { translator, type Translate } from '../i18n/messages.js';
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
  /** The reader's: a recipient's own, the sender's account default (docs/concepts/recipients.md). */
  language: Language;
}

const sealedCopy = (t: Translate, downloadUrl: string | undefined): MailBlock[] =>
  downloadUrl
    ? [paragraph(t('mail.completion.downloadHere')), button(t('mail.completion.downloadButton'), downloadUrl)]
    : [paragraph(t('mail.completion.attached'))];

/** Sent to every signer, observer and the sender once the envelope is signed by all and sealed. */
export const completionMail = (params: CompletionMailParams): MailContent => {
  const t = translator(params.language);
  const date = formatDateTime(params.completedAt, params.language);
  return composeMail(
    t('mail.completion.subject', { envelope: params.envelopeName }),
    [
      greeting(params.recipientName, params.language),
      paragraph(t('mail.completion.body', { envelope: params.envelopeName, sender: params.senderName, date })),
      ...sealedCopy(t, params.downloadUrl),
      paragraph(t('mail.completion.anyoneCanCheck')),
      link(t('mail.completion.verify'), params.verificationUrl),
    ],
    params.language,
  );
};
