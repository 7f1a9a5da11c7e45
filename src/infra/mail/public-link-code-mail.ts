import type { Language } from '../../domain/language.js';
import { translator } from '../i18n/messages.js';
import { composeMail, greeting, paragraph, type MailContent } from './mail-layout.js';

export interface PublicLinkCodeMailParams {
  visitorName: string;
  code: string;
  documentName: string;
  accountName: string;
  language: Language;
}

/** The code that proves a public link's visitor reads this address (docs/api/public-links.md). */
export const publicLinkCodeMail = (params: PublicLinkCodeMailParams): MailContent => {
  const t = translator(params.language);
  const names = { code: params.code, document: params.documentName, account: params.accountName };
  return composeMail(
    t('public_link.mail.subject', names),
    [
      greeting(params.visitorName, params.language),
      paragraph(t('public_link.mail.intro', names)),
      paragraph(params.code),
      paragraph(t('public_link.mail.expiry')),
    ],
    params.language,
  );
};
