import { formatDateTime } from '../../domain/date-format.js';
import type { Language } from '../../domain/language.js';
import { translator, type Translate } from '../i18n/messages.js';
import { button, composeMail, greeting, paragraph, quote, type MailBlock, type MailContent } from './mail-layout.js';

interface InvitationBase {
  recipientName: string;
  senderName: string;
  envelopeName: string;
  /** The envelope's `message`, written by the sender for every recipient. */
  message?: string;
  dueDate: Date;
  /** The recipient's (docs/concepts/recipients.md). */
  language: Language;
}

export interface SignerInvitation extends InvitationBase {
  role: 'signer';
  /** `{PUBLIC_URL}/sign/{token}` */
  signingUrl: string;
  /** The signer's `private_note`: shown to this signer only. */
  privateNote?: string;
}

export interface ObserverInvitation extends InvitationBase {
  role: 'observer';
  viewUrl?: string;
}

export type InvitationMailParams = SignerInvitation | ObserverInvitation;

const senderMessage = (t: Translate, params: InvitationMailParams): MailBlock[] =>
  params.message ? [quote(t('mail.invitation.messageFrom', { sender: params.senderName }), params.message)] : [];

const signerInvitation = (params: SignerInvitation): MailContent => {
  const t = translator(params.language);
  const names = { sender: params.senderName, envelope: params.envelopeName };
  return composeMail(
    t('mail.invitation.signerSubject', names),
    [
      greeting(params.recipientName, params.language),
      paragraph(t('mail.invitation.signerIntro', names)),
      ...senderMessage(t, params),
      ...(params.privateNote ? [quote(t('mail.invitation.privateNote'), params.privateNote)] : []),
      button(t('mail.reviewAndSign'), params.signingUrl),
      paragraph(t('mail.invitation.signBy', { date: formatDateTime(params.dueDate, params.language) })),
      paragraph(t('mail.doNotForward')),
    ],
    params.language,
  );
};

const observerInvitation = (params: ObserverInvitation): MailContent => {
  const t = translator(params.language);
  const names = { sender: params.senderName, envelope: params.envelopeName };
  return composeMail(
    t('mail.invitation.observerSubject', names),
    [
      greeting(params.recipientName, params.language),
      paragraph(t('mail.invitation.observerIntro', names)),
      ...senderMessage(t, params),
      ...(params.viewUrl ? [button(t('mail.invitation.viewEnvelope'), params.viewUrl)] : []),
      paragraph(t('mail.invitation.signersHaveUntil', { date: formatDateTime(params.dueDate, params.language) })),
    ],
    params.language,
  );
};

/** The e-mail that tells a recipient about a new envelope: an invitation to sign, or a notice to an observer. */
export const invitationMail = (params: InvitationMailParams): MailContent =>
  params.role === 'signer' ? signerInvitation(params) : observerInvitation(params);
