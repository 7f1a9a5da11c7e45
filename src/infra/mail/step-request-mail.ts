import { formatDateTime } from '../../domain/date-format.js';
import type { Language } from '../../domain/language.js';
import { translator } from '../i18n/messages.js';
import { button, composeMail, greeting, paragraph, quote, type MailBlock, type MailContent } from './mail-layout.js';

/**
 * The steps whose mail is not an invitation to sign: an approver approves, a viewer reads, and an
 * in-person signer's host is told the signing is theirs to start (docs/concepts/signing.md).
 */
export type RequestedStep = 'approve' | 'view' | 'in_person';

export interface StepRequestMailParams {
  step: RequestedStep;
  /** A reminder of a step already asked for, or the first request. */
  reminder: boolean;
  /** Who the mail is addressed to: the approver or viewer, or the in-person signer's host. */
  recipientName: string;
  /** The in-person signer the host is told about. */
  signerName?: string;
  senderName: string;
  envelopeName: string;
  message?: string;
  /** The signing link (approve, view), or the console's envelope page (in person). */
  url: string;
  dueDate: Date;
  language: Language;
}

const SUBJECT_KEYS: Record<RequestedStep, { first: string; reminder: string }> = {
  approve: { first: 'workflow_mail.approveSubject', reminder: 'workflow_mail.approveReminderSubject' },
  view: { first: 'workflow_mail.viewSubject', reminder: 'workflow_mail.viewReminderSubject' },
  in_person: { first: 'workflow_mail.inPersonSubject', reminder: 'workflow_mail.inPersonReminderSubject' },
};

const BODY_KEYS: Record<RequestedStep, { first: string; reminder: string; button: string; by: string }> = {
  approve: {
    first: 'workflow_mail.approveIntro',
    reminder: 'workflow_mail.approveReminderBody',
    button: 'workflow_mail.approveButton',
    by: 'workflow_mail.approveBy',
  },
  view: {
    first: 'workflow_mail.viewIntro',
    reminder: 'workflow_mail.viewReminderBody',
    button: 'workflow_mail.viewButton',
    by: 'workflow_mail.viewBy',
  },
  in_person: {
    first: 'workflow_mail.inPersonBody',
    reminder: 'workflow_mail.inPersonBody',
    button: 'workflow_mail.inPersonButton',
    by: 'workflow_mail.inPersonBy',
  },
};

/** An approver's or viewer's invitation or reminder, or the host's notice that an in-person signing is ready. */
export const stepRequestMail = (params: StepRequestMailParams): MailContent => {
  const t = translator(params.language);
  const words = {
    sender: params.senderName,
    envelope: params.envelopeName,
    signer: params.signerName ?? '',
    date: formatDateTime(params.dueDate, params.language),
  };
  const subject = SUBJECT_KEYS[params.step];
  const body = BODY_KEYS[params.step];
  const message: MailBlock[] =
    params.message && !params.reminder ? [quote(t('mail.invitation.messageFrom', { sender: params.senderName }), params.message)] : [];
  // Everyone with an approver's or viewer's link can act in their name; the host's link needs a console sign-in.
  const forwarding: MailBlock[] = params.step === 'in_person' ? [] : [paragraph(t('mail.doNotForward'))];
  return composeMail(
    t(params.reminder ? subject.reminder : subject.first, words),
    [
      greeting(params.recipientName, params.language),
      paragraph(t(params.reminder ? body.reminder : body.first, words)),
      ...message,
      button(t(body.button), params.url),
      ...(params.reminder && params.step !== 'in_person' ? [] : [paragraph(t(body.by, words))]),
      ...forwarding,
    ],
    params.language,
  );
};
