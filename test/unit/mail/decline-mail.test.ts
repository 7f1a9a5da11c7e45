import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { declineMail, type DeclineMailParams } from '../../../src/infra/mail/decline-mail.js';
import { HOSTILE_NAME, assertHostileNameEscaped, smtpDelivery } from './smtp-delivery.js';

const decline: DeclineMailParams = {
  recipientName: 'Acme Legal',
  envelopeName: 'Master services agreement',
  declinedBy: { name: 'Bob Builder', email: 'bob@example.test' },
  reason: 'The fee in clause 7 is not what we agreed.',
  declinedAt: new Date('2026-11-03T09:30:00Z'),
};

describe('decline mail', () => {
  const smtp = smtpDelivery();

  it('tells the sender and the signers already invited who declined, when, and why', async () => {
    const { mail, text, html } = await smtp.read(['owner@acme.test', 'ada@example.test'], declineMail(decline));

    assert.equal(mail.subject, 'Declined: "Master services agreement" was declined by Bob Builder');
    assert.ok(text.includes('Bob Builder (bob@example.test) declined to sign "Master services agreement"'));
    assert.ok(text.includes('on 3 November 2026, 09:30 UTC'));
    assert.ok(text.includes('Reason given:\n> The fee in clause 7 is not what we agreed.'));
    assert.ok(html.includes('The fee in clause 7 is not what we agreed.'));
  });

  it('escapes a hostile decliner name and reason in the HTML part', async () => {
    const mail = await smtp.deliver({
      to: 'owner@acme.test',
      ...declineMail({ ...decline, declinedBy: { name: HOSTILE_NAME, email: 'bob@example.test' }, reason: HOSTILE_NAME }),
    });

    assertHostileNameEscaped(mail);
    assert.equal(mail.subject, `Declined: "Master services agreement" was declined by ${HOSTILE_NAME}`);
  });
});
