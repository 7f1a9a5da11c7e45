import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { createMailer, type MailLogger, type OutgoingMail } from '../../../src/infra/mail/mailer.js';
import { invitationMail } from '../../../src/infra/mail/invitation-mail.js';
import { startSmtpSink } from '../../support/smtp-sink.js';
import { recipientsOf } from './smtp-delivery.js';

const FROM = 'Countersign <no-reply@countersign.test>';
const signingUrl = 'http://localhost:3000/sign/tok_outbox_link';
const privateNote = 'Only for Ada: the annex code is 4711.';

const invitation = (to: string | string[]): OutgoingMail => ({
  to,
  ...invitationMail({
    role: 'signer',
    recipientName: 'Ada Lovelace',
    senderName: 'Acme Legal',
    envelopeName: 'Master services agreement',
    privateNote,
    signingUrl,
    dueDate: new Date('2026-11-21T08:15:00Z'),
    language: 'en',
  }),
});

interface LogLine {
  obj: Record<string, unknown>;
  msg: string;
}

const recordingLogger = (): MailLogger & { lines: LogLine[] } => {
  const lines: LogLine[] = [];
  return { lines, info: (obj, msg) => lines.push({ obj: obj as Record<string, unknown>, msg }) };
};

describe('mailer without SMTP_URL (outbox)', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'countersign-outbox-'));
  });
  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes each mail as a parseable .eml file into the outbox, creating the folder', async () => {
    const outboxDir = join(dataDir, 'created', 'outbox');
    const mailer = createMailer({ from: FROM, outboxDir, logger: recordingLogger() });

    const { messageId } = await mailer.send({
      ...invitation(['ada@example.test', 'bea@example.test']),
      attachments: [{ filename: 'note.txt', content: new TextEncoder().encode('annex'), contentType: 'text/plain' }],
    });
    mailer.close();

    const files = await readdir(outboxDir);
    assert.equal(files.length, 1);
    assert.match(files[0] ?? '', /\.eml$/);
    const parsed = await simpleParser(await readFile(join(outboxDir, files[0] ?? '')));
    assert.equal(parsed.messageId, messageId);
    assert.equal(parsed.from?.text, '"Countersign" <no-reply@countersign.test>');
    assert.deepEqual(recipientsOf(parsed), ['ada@example.test', 'bea@example.test']);
    assert.equal(parsed.subject, 'Acme Legal sent you "Master services agreement" to sign');
    assert.ok(parsed.text?.includes(signingUrl));
    assert.ok(typeof parsed.html === 'string' && parsed.html.includes(`href="${signingUrl}"`));
    assert.equal(parsed.attachments[0]?.content.toString(), 'annex');
  });

  it('logs one line per mail with the recipients, the subject and the links, never the body', async () => {
    const logger = recordingLogger();
    const mailer = createMailer({ from: FROM, outboxDir: join(dataDir, 'logged'), logger });

    await mailer.send({ ...invitation('ada@example.test'), links: [signingUrl] });

    assert.equal(logger.lines.length, 1);
    const [line] = logger.lines;
    assert.deepEqual(line?.obj.to, ['ada@example.test']);
    assert.equal(line?.obj.subject, 'Acme Legal sent you "Master services agreement" to sign');
    assert.deepEqual(line?.obj.links, [signingUrl]);
    assert.match(String(line?.obj.file), /logged.+\.eml$/);
    const logged = JSON.stringify(line);
    assert.ok(!logged.includes(privateNote), 'the body is not logged');
    assert.ok(!logged.includes('<html'), 'the HTML part is not logged');
  });

  it('names the files so that they sort in sending order', async () => {
    const outboxDir = join(dataDir, 'ordered');
    const mailer = createMailer({ from: FROM, outboxDir, logger: recordingLogger() });
    const subjects = Array.from({ length: 5 }, (_, index) => `mail ${index}`);

    for (const subject of subjects) await mailer.send({ ...invitation('ada@example.test'), subject });

    const files = (await readdir(outboxDir)).sort();
    const parsedSubjects = await Promise.all(
      files.map(async (file) => (await simpleParser(await readFile(join(outboxDir, file)))).subject),
    );
    assert.deepEqual(parsedSubjects, subjects);
  });
});

describe('mailer with SMTP_URL', () => {
  it('delivers over SMTP, returns the message id and logs without links or body', async () => {
    const sink = await startSmtpSink();
    const logger = recordingLogger();
    const mailer = createMailer({ smtpUrl: sink.url, from: FROM, outboxDir: '', logger });
    try {
      const { messageId } = await mailer.send({ ...invitation('ada@example.test'), links: [signingUrl] });

      const [received] = await sink.waitForCount(1);
      assert.equal(received?.messageId, messageId);
      assert.equal(received?.from?.text, '"Countersign" <no-reply@countersign.test>');
      assert.deepEqual(
        logger.lines.map((line) => line.obj),
        [{ to: ['ada@example.test'], subject: 'Acme Legal sent you "Master services agreement" to sign', messageId }],
      );
    } finally {
      mailer.close();
      await sink.close();
    }
  });

  it('authenticates with the credentials in the URL', async () => {
    const sink = await startSmtpSink();
    const mailer = createMailer({
      smtpUrl: sink.url.replace('smtp://', 'smtp://mailer:s%40cret@'),
      from: FROM,
      outboxDir: '',
      logger: recordingLogger(),
    });
    try {
      await mailer.send(invitation('ada@example.test'));

      assert.deepEqual(sink.logins, [{ username: 'mailer', password: 's@cret' }]);
    } finally {
      mailer.close();
      await sink.close();
    }
  });
});
