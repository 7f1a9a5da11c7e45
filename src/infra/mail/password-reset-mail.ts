import type { Language } from '../../domain/language.js';
import { translator } from '../i18n/messages.js';
import { button, composeMail, greeting, paragraph, type MailContent } from './mail-layout.js';

export interface PasswordResetMailParams {
  userName: string;
  accountName: string;
  /** `{PUBLIC_URL}/console/reset/{token}` */
  resetUrl: string;
  language: Language;
}

/** The console's password reset link (docs/api/sign-in.md "Password reset"): single use, valid 15 minutes. */
export const passwordResetMail = (params: PasswordResetMailParams): MailContent => {
  const t = translator(params.language);
  return composeMail(
    t('mail.passwordReset.subject'),
    [
      greeting(params.userName, params.language),
      paragraph(t('mail.passwordReset.intro', { account: params.accountName })),
      button(t('mail.passwordReset.button'), params.resetUrl),
      paragraph(t('mail.passwordReset.validity')),
      paragraph(t('mail.passwordReset.notYou')),
    ],
    params.language,
  );
};
