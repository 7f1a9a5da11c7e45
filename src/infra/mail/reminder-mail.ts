import { formatDateTime } from '../../domain/date-format.js';
import type { Language } from '../../domain/language.js';
import { translator } from '../i18n/messages.js';
import { button, composeMail, greeting, paragraph, type MailContent } from './mail-layout.js';

export interface ReminderMailParams {
  recipientName: string;
  senderName: string;
  envelopeName: string;
  signingUrl: string;
  dueDate: Date;
  /** When the reminder is written: the days left are counted from it. */
  now: Date;
  /** The signer's (docs/concepts/recipients.md). */
  language: Language;
}

const DAY_MS = 86_400_000;

/** A reminder to a signer whose turn it is and who has not signed yet. */
export const reminderMail = (params: ReminderMailParams): MailContent => {
  const t = translator(params.language);
  // Rounded, so a reminder job running a few minutes late still says "3 days" rather than "2 days".
  const days = Math.round((params.dueDate.getTime() - params.now.getTime()) / DAY_MS);
  const words = { sender: params.senderName, envelope: params.envelopeName, date: formatDateTime(params.dueDate, params.language) };
  return composeMail(
    t('mail.reminder.subject', words),
    [
      greeting(params.recipientName, params.language),
      paragraph(days < 1 ? t('mail.reminder.bodyLastDay', words) : t('mail.reminder.body', { ...words, count: days })),
      button(t('mail.reviewAndSign'), params.signingUrl),
      paragraph(t('mail.doNotForward')),
    ],
    params.language,
  );
};
