import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cancellationMail, type CancellationMailParams } from '../../../src/infra/mail/cancellation-mail.js';
import { linksIn } from '../../support/smtp-sink.js';
import { HOSTILE_NAME, assertHostileNameEscaped, smtpDelivery } from './smtp-delivery.js';

const cancellation: CancellationMailParams = {
  recipientName: 'Ada Lovelace',
  senderName: 'Acme Legal',
  envelopeName: 'Master services agreement',
  reason: 'Wrong version of the contract.',
  cancelledAt: new Date('2026-11-02T14:05:00Z'),
};

describe('cancellation mail', () => {
  const smtp = smtpDelivery();

  it('tells the recipient the sender cancelled the envelope, when, and why', async () => {
    const { mail, text, html } = await smtp.read('ada@example.test', cancellationMail(cancellation));

    assert.equal(mail.subject, 'Cancelled: "Master services agreement"');
    assert.ok(text.includes('Acme Legal cancelled "Master services agreement" on 2 November 2026, 14:05 UTC.'));
    assert.ok(text.includes('Reason given:\n> Wrong version of the contract.'));
    assert.ok(html.includes('Wrong version of the contract.'));
    assert.deepEqual(linksIn(mail), []);
  });

  it('escapes a hostile reason and names in the HTML part', async () => {
    const mail = await smtp.deliver({
      to: 'ada@example.test',
      ...cancellationMail({ ...cancellation, senderName: HOSTILE_NAME, envelopeName: HOSTILE_NAME, reason: HOSTILE_NAME }),
    });

    assertHostileNameEscaped(mail);
  });
});
