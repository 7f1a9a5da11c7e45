import { formatDateTime } from '../../domain/date-format.js';
import { button, composeMail, greeting, paragraph, type MailContent } from './mail-layout.js';

export interface ReminderMailParams {
  recipientName: string;
  senderName: string;
  envelopeName: string;
  signingUrl: string;
  dueDate: Date;
  /** When the reminder is written: the days left are counted from it. */
  now: Date;
}

const DAY_MS = 86_400_000;

/** Rounded, so a reminder job running a few minutes late still says "3 days" rather than "2 days". */
const timeLeft = (now: Date, dueDate: Date): string => {
  const days = Math.round((dueDate.getTime() - now.getTime()) / DAY_MS);
  if (days < 1) return 'less than a day';
  return days === 1 ? '1 day' : `${days} days`;
};

/** A reminder to a signer whose turn it is and who has not signed yet. */
export const reminderMail = (params: ReminderMailParams): MailContent =>
  composeMail(`Reminder: "${params.envelopeName}" is waiting for your signature`, [
    greeting(params.recipientName),
    paragraph(
      `This is a reminder that ${params.senderName} is waiting for your signature on "${params.envelopeName}". ` +
        `You have ${timeLeft(params.now, params.dueDate)} left: it can be signed until ${formatDateTime(params.dueDate)}.`,
    ),
    button('Review and sign', params.signingUrl),
    paragraph('Do not forward this e-mail: anyone with the link can sign in your name.'),
  ]);
