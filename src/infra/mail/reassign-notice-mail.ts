import { formatDateTime } from '../../domain/date-format.js';
import type { Language } from '../../domain/language.js';
import { translator } from '../i18n/messages.js';
import { composeMail, greeting, paragraph, quote, type MailContent } from './mail-layout.js';

export interface ReassignNoticeParams {
  senderName: string;
  envelopeName: string;
  from: { name: string; email: string };
  to: { name: string; email: string };
  reason: string | null;
  at: Date;
  language: Language;
}

/** Tells the sender that a recipient handed their step to someone else, who is invited in their place. */
export const reassignNoticeMail = (params: ReassignNoticeParams): MailContent => {
  const t = translator(params.language);
  const names = {
    envelope: params.envelopeName,
    from: params.from.name,
    fromEmail: params.from.email,
    to: params.to.name,
    toEmail: params.to.email,
    date: formatDateTime(params.at, params.language),
  };
  return composeMail(
    t('correction_mail.reassignedSubject', names),
    [
      greeting(params.senderName, params.language),
      paragraph(t('correction_mail.reassignedBody', names)),
      ...(params.reason ? [quote(t('correction_mail.reassignedReason'), params.reason)] : []),
    ],
    params.language,
  );
};
