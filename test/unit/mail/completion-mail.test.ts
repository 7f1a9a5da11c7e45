import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { completionMail, type CompletionMailParams } from '../../../src/infra/mail/completion-mail.js';
import { linksIn } from '../../support/smtp-sink.js';
import { HOSTILE_NAME, assertHostileNameEscaped, htmlOf, recipientsOf, smtpDelivery, textOf } from './smtp-delivery.js';

const verificationUrl = 'https://sign.example.test/verify/env_4kq2';
const completion: CompletionMailParams = {
  recipientName: 'Ada Lovelace',
  senderName: 'Acme Legal',
  envelopeName: 'Master services agreement',
  completedAt: new Date('2026-11-05T17:45:00Z'),
  language: 'en',
  verificationUrl,
};
const everyone = ['ada@example.test', 'olga@example.test', 'owner@acme.test'];

/** Bytes that are not valid UTF-8, so any text re-encoding on the way would show. */
const sealedPdf = (): Uint8Array => new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300_000)]));

describe('completion mail', () => {
  const smtp = smtpDelivery();

  it('attaches the sealed PDF intact, byte for byte, with the verification link', async () => {
    const pdf = sealedPdf();
    const mail = await smtp.deliver({
      to: everyone,
      ...completionMail(completion),
      attachments: [{ filename: 'Master services agreement (signed).pdf', content: pdf, contentType: 'application/pdf' }],
    });

    assert.equal(mail.subject, 'Completed: "Master services agreement"');
    assert.deepEqual(recipientsOf(mail), everyone);
    assert.equal(mail.attachments.length, 1);
    const [attachment] = mail.attachments;
    assert.equal(attachment?.filename, 'Master services agreement (signed).pdf');
    assert.equal(attachment?.contentType, 'application/pdf');
    assert.ok(attachment?.content.equals(pdf), 'the attachment arrives byte-equal');
    assert.ok(textOf(mail).includes('The signed and sealed document is attached to this e-mail.'));
    assert.ok(textOf(mail).includes('completed on 5 November 2026, 17:45 UTC'));
    assert.deepEqual(linksIn(mail), [verificationUrl]);
    assert.ok(htmlOf(mail).includes(`href="${verificationUrl}"`));
  });

  it('shows the download link instead when the caller does not attach the PDF', async () => {
    const downloadUrl = 'https://sign.example.test/download/dl_big';
    const mail = await smtp.deliver({ to: everyone, ...completionMail({ ...completion, downloadUrl }) });

    assert.equal(mail.attachments.length, 0);
    assert.deepEqual(linksIn(mail), [downloadUrl, verificationUrl]);
    assert.ok(htmlOf(mail).includes(`href="${downloadUrl}"`));
    assert.ok(!textOf(mail).includes('attached'));
  });

  it('escapes a hostile envelope and sender name in the HTML part', async () => {
    const mail = await smtp.deliver({
      to: 'ada@example.test',
      ...completionMail({ ...completion, senderName: HOSTILE_NAME, envelopeName: HOSTILE_NAME }),
    });

    assertHostileNameEscaped(mail);
  });
});
