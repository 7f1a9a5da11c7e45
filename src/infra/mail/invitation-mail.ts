import { formatDateTime } from '../../domain/date-format.js';
import { button, composeMail, greeting, paragraph, quote, type MailBlock, type MailContent } from './mail-layout.js';

interface InvitationBase {
  recipientName: string;
  senderName: string;
  envelopeName: string;
  /** The envelope's `message`, written by the sender for every recipient. */
  message?: string;
  dueDate: Date;
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

const senderMessage = (params: InvitationMailParams): MailBlock[] =>
  params.message ? [quote(`Message from ${params.senderName}`, params.message)] : [];

const signerInvitation = (params: SignerInvitation): MailContent =>
  composeMail(`${params.senderName} sent you "${params.envelopeName}" to sign`, [
    greeting(params.recipientName),
    paragraph(`${params.senderName} has sent you "${params.envelopeName}" to review and sign.`),
    ...senderMessage(params),
    ...(params.privateNote ? [quote('Private note for you (only you received it)', params.privateNote)] : []),
    button('Review and sign', params.signingUrl),
    paragraph(`Please sign by ${formatDateTime(params.dueDate)}.`),
    paragraph('Do not forward this e-mail: anyone with the link can sign in your name.'),
  ]);

const observerInvitation = (params: ObserverInvitation): MailContent =>
  composeMail(`For your information: "${params.envelopeName}" from ${params.senderName}`, [
    greeting(params.recipientName),
    paragraph(
      `For your information: ${params.senderName} has added you as an observer of "${params.envelopeName}". ` +
        'You do not need to sign anything; you will receive the signed document once everyone has signed.',
    ),
    ...senderMessage(params),
    ...(params.viewUrl ? [button('View the envelope', params.viewUrl)] : []),
    paragraph(`The signers have until ${formatDateTime(params.dueDate)} to sign.`),
  ]);

/** The e-mail that tells a recipient about a new envelope: an invitation to sign, or a notice to an observer. */
export const invitationMail = (params: InvitationMailParams): MailContent =>
  params.role === 'signer' ? signerInvitation(params) : observerInvitation(params);
