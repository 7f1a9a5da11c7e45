import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expiryMail, type ExpiryMailParams } from '../../../src/infra/mail/expiry-mail.js';
import { HOSTILE_NAME, assertHostileNameEscaped, smtpDelivery } from './smtp-delivery.js';

const expiry: ExpiryMailParams = {
  recipientName: 'Acme Legal',
  senderName: 'Acme Legal',
  envelopeName: 'Master services agreement',
  expiredAt: new Date('2026-11-21T08:15:00Z'),
  audience: 'sender',
};

describe('expiry mail', () => {
  const smtp = smtpDelivery();

  it('tells the sender the envelope expired on its due date and that they can extend it', async () => {
    const { mail, text, html } = await smtp.read('owner@acme.test', expiryMail(expiry));

    assert.equal(mail.subject, 'Expired: "Master services agreement"');
    assert.ok(text.includes('"Master services agreement" from Acme Legal expired on 21 November 2026, 08:15 UTC'));
    assert.ok(text.includes('You can extend the signing due date'));
    assert.ok(html.includes('You can extend the signing due date'));
  });

  it('tells a pending signer that the sender can extend it', async () => {
    const { text } = await smtp.read('ada@example.test', expiryMail({ ...expiry, recipientName: 'Ada Lovelace', audience: 'signer' }));

    assert.ok(text.includes('Acme Legal can extend the signing due date; if they do, you will be able to sign again.'));
    assert.ok(!text.includes('You can extend'));
  });

  it('escapes a hostile envelope and sender name in the HTML part', async () => {
    const mail = await smtp.deliver({
      to: 'ada@example.test',
      ...expiryMail({ ...expiry, senderName: HOSTILE_NAME, envelopeName: HOSTILE_NAME, audience: 'signer' }),
    });

    assertHostileNameEscaped(mail);
  });
});
