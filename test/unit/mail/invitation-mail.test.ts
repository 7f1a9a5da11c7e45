import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { invitationMail, type SignerInvitation } from '../../../src/infra/mail/invitation-mail.js';
import { linksIn } from '../../support/smtp-sink.js';
import {
  ESCAPED_HOSTILE_NAME,
  HOSTILE_NAME,
  assertHostileNameEscaped,
  htmlOf,
  recipientsOf,
  smtpDelivery,
  textOf,
} from './smtp-delivery.js';

const signingUrl = 'https://sign.example.test/sign/tok_9f8e7d6c5b4a';
const signer: SignerInvitation = {
  role: 'signer',
  recipientName: 'Ada Lovelace',
  senderName: 'Acme Legal',
  envelopeName: 'Master services agreement',
  message: 'Please review clause 4 before signing.\nThanks!',
  privateNote: 'The code for the annex is 4711.',
  signingUrl,
  dueDate: new Date('2026-11-21T08:15:00Z'),
  language: 'en',
};

describe('invitation mail', () => {
  const smtp = smtpDelivery();

  it('invites a signer with the signing link as a button and as plain text', async () => {
    const { mail, html } = await smtp.read('ada@example.test', invitationMail(signer));

    assert.equal(mail.subject, 'Acme Legal sent you "Master services agreement" to sign');
    assert.deepEqual(linksIn(mail), [signingUrl]);
    assert.match(html, new RegExp(`<a href="${signingUrl}" style="[^"]+">Review and sign</a>`));
    assert.ok(html.includes(`>${signingUrl}</a>`), 'the HTML part shows the link as text too');
  });

  it('carries the sender message, the due date and the signer private note marked as private', async () => {
    const { text, html } = await smtp.read('ada@example.test', invitationMail(signer));

    assert.ok(text.includes('Message from Acme Legal:\n> Please review clause 4 before signing.\n> Thanks!'));
    assert.ok(text.includes('Private note for you (only you received it):\n> The code for the annex is 4711.'));
    assert.ok(text.includes('Please sign by 21 November 2026, 08:15 UTC.'));
    assert.ok(html.includes('Please review clause 4 before signing.<br>Thanks!'));
  });

  it('escapes a hostile envelope name, sender name, message and private note in the HTML part', async () => {
    const mail = await smtp.deliver({
      to: 'ada@example.test',
      ...invitationMail({
        ...signer,
        recipientName: HOSTILE_NAME,
        senderName: HOSTILE_NAME,
        envelopeName: HOSTILE_NAME,
        message: HOSTILE_NAME,
        privateNote: HOSTILE_NAME,
      }),
    });

    assertHostileNameEscaped(mail);
    assert.equal(mail.subject, `${HOSTILE_NAME} sent you "${HOSTILE_NAME}" to sign`);
    const escapedCount = htmlOf(mail).split(ESCAPED_HOSTILE_NAME).length - 1;
    assert.ok(escapedCount >= 6, `every occurrence is escaped (found ${escapedCount})`);
  });

  it('keeps a multi-line envelope name on one subject line, so it cannot add headers', async () => {
    const mail = await smtp.deliver({
      to: 'ada@example.test',
      ...invitationMail({ ...signer, envelopeName: 'Contract\r\nBcc: eve@example.test' }),
    });

    assert.equal(mail.subject, 'Acme Legal sent you "Contract Bcc: eve@example.test" to sign');
    assert.equal(mail.bcc, undefined);
    assert.deepEqual(recipientsOf(mail), ['ada@example.test']);
  });

  it('tells an observer it is for their information, without a signing link', async () => {
    const mail = await smtp.deliver({
      to: 'olga@example.test',
      ...invitationMail({
        role: 'observer',
        recipientName: 'Olga Observer',
        senderName: 'Acme Legal',
        envelopeName: 'Master services agreement',
        dueDate: new Date('2026-11-21T08:15:00Z'),
        language: 'en',
      }),
    });

    assert.equal(mail.subject, 'For your information: "Master services agreement" from Acme Legal');
    assert.deepEqual(recipientsOf(mail), ['olga@example.test']);
    assert.deepEqual(linksIn(mail), []);
    assert.ok(textOf(mail).includes('You do not need to sign anything'));
    assert.ok(!htmlOf(mail).includes('Review and sign'));
  });

  it('gives an observer the view link when there is one', async () => {
    const viewUrl = 'https://sign.example.test/view/tok_observer';
    const mail = await smtp.deliver({
      to: 'olga@example.test',
      ...invitationMail({
        role: 'observer',
        recipientName: 'Olga Observer',
        senderName: HOSTILE_NAME,
        envelopeName: 'Master services agreement',
        dueDate: new Date('2026-11-21T08:15:00Z'),
        language: 'en',
        viewUrl,
      }),
    });

    assert.deepEqual(linksIn(mail), [viewUrl]);
    assert.ok(htmlOf(mail).includes(`href="${viewUrl}"`));
    assertHostileNameEscaped(mail);
  });

  it('lists the links it carries, for the outbox log', () => {
    assert.deepEqual(invitationMail(signer).links, [signingUrl]);
  });
});
