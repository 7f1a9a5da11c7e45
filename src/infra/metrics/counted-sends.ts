import type { Counter } from 'prom-client';
import type { Mailer, OutgoingMail } from '../mail/mailer.js';
import type { OutgoingSms, SmsSender } from '../sms/sms-sender.js';

/** One send, counted by its outcome: `sent` when it returned, `failed` when it threw (the job retries it). */
const counted =
  <A extends unknown[], R>(send: (...args: A) => Promise<R>, sends: Counter<'outcome'>) =>
  async (...args: A): Promise<R> => {
    try {
      const result = await send(...args);
      sends.inc({ outcome: 'sent' });
      return result;
    } catch (error) {
      sends.inc({ outcome: 'failed' });
      throw error;
    }
  };

/** The mailer, every send counted (countersign_mail_sends_total), whatever the transport. */
export const countedMailer = (mailer: Mailer, sends: Counter<'outcome'>): Mailer => ({
  send: counted((mail: OutgoingMail) => mailer.send(mail), sends),
  close: () => mailer.close(),
});

/** The SMS sender, every send counted (countersign_sms_sends_total), whatever the transport. */
export const countedSmsSender = (sender: SmsSender, sends: Counter<'outcome'>): SmsSender => ({
  send: counted((sms: OutgoingSms) => sender.send(sms), sends),
});
