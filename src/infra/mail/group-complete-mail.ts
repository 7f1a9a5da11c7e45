import type { Language } from '../../domain/language.js';
import { translator } from '../i18n/messages.js';
import { composeMail, greeting, paragraph, type MailContent } from './mail-layout.js';

export interface GroupCompleteMailParams {
  recipientName: string;
  groupName: string;
  senderName: string;
  envelopeName: string;
  language: Language;
}

/** Tells a signing group's member that the group had every signature it needs before theirs. */
export const groupCompleteMail = (params: GroupCompleteMailParams): MailContent => {
  const t = translator(params.language);
  const words = { group: params.groupName, sender: params.senderName, envelope: params.envelopeName };
  return composeMail(
    t('workflow_mail.groupCompleteSubject', words),
    [greeting(params.recipientName, params.language), paragraph(t('workflow_mail.groupCompleteBody', words))],
    params.language,
  );
};
