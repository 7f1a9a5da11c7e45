import { formatDateTime } from '../../domain/date-format.js';
import type { Language } from '../../domain/language.js';
import { translator } from '../i18n/messages.js';
import { composeMail, greeting, paragraph, quote, type MailContent } from './mail-layout.js';

export interface ReturnNoticeParams {
  recipientName: string;
  senderName: string;
  envelopeName: string;
  returnedBy: { name: string; email: string };
  comment: string;
  returnedAt: Date;
  /** The sender is asked to correct and resend; a recipient who has not acted, to wait for a new invitation. */
  audience: 'sender' | 'recipient';
  language: Language;
}

/** Tells the sender, and the recipients who have not acted, that a signer sent the envelope back for correction. */
export const returnNoticeMail = (params: ReturnNoticeParams): MailContent => {
  const t = translator(params.language);
  const names = {
    envelope: params.envelopeName,
    by: params.returnedBy.name,
    byEmail: params.returnedBy.email,
    sender: params.senderName,
    date: formatDateTime(params.returnedAt, params.language),
  };
  return composeMail(
    t('correction_mail.returnedSubject', names),
    [
      greeting(params.recipientName, params.language),
      paragraph(t(params.audience === 'sender' ? 'correction_mail.returnedSenderBody' : 'correction_mail.returnedRecipientBody', names)),
      quote(t('correction_mail.returnedComment'), params.comment),
    ],
    params.language,
  );
};
