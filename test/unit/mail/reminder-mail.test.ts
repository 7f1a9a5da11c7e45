import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reminderMail, type ReminderMailParams } from '../../../src/infra/mail/reminder-mail.js';
import { linksIn } from '../../support/smtp-sink.js';
import { HOSTILE_NAME, assertHostileNameEscaped, htmlOf, recipientsOf, smtpDelivery, textOf } from './smtp-delivery.js';

const signingUrl = 'https://sign.example.test/sign/tok_reminded';
const reminder: ReminderMailParams = {
  recipientName: 'Ada Lovelace',
  senderName: 'Acme Legal',
  envelopeName: 'Master services agreement',
  signingUrl,
  dueDate: new Date('2026-11-21T08:15:00Z'),
  language: 'en',
  now: new Date('2026-11-18T08:15:00Z'),
};

const textAt = (now: string): string => reminderMail({ ...reminder, now: new Date(now) }).text;

describe('reminder mail', () => {
  const smtp = smtpDelivery();

  it('reminds the signer with the same signing link, the days left and the due date', async () => {
    const mail = await smtp.deliver({ to: 'ada@example.test', ...reminderMail(reminder) });

    assert.equal(mail.subject, 'Reminder: "Master services agreement" is waiting for your signature');
    assert.deepEqual(recipientsOf(mail), ['ada@example.test']);
    assert.deepEqual(linksIn(mail), [signingUrl]);
    assert.ok(htmlOf(mail).includes(`href="${signingUrl}"`));
    assert.ok(textOf(mail).includes('You have 3 days left: it can be signed until 21 November 2026, 08:15 UTC.'));
  });

  it('escapes a hostile sender and envelope name in the HTML part', async () => {
    const mail = await smtp.deliver({
      to: 'ada@example.test',
      ...reminderMail({ ...reminder, senderName: HOSTILE_NAME, envelopeName: HOSTILE_NAME }),
    });

    assertHostileNameEscaped(mail);
  });

  it('counts the days left to the nearest day, so a late reminder job does not lose one', () => {
    assert.ok(textAt('2026-11-18T08:20:00Z').includes('You have 3 days left'));
    assert.ok(textAt('2026-11-20T08:15:00Z').includes('You have 1 day left'));
    assert.ok(textAt('2026-11-21T02:00:00Z').includes('You have less than a day left'));
  });
});
