import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createMailer, type Mailer } from '../../../src/infra/mail/mailer.js';
import { linksIn, startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';

const mailTo = (to: string, subject: string, text = 'no links here') => ({ to, subject, text, html: `<p>${text}</p>` });

describe('SMTP sink (test support)', () => {
  let sink: SmtpSink;
  let mailer: Mailer;
  before(async () => {
    sink = await startSmtpSink();
    const logger = { info: () => undefined };
    mailer = createMailer({ smtpUrl: sink.url, from: 'no-reply@countersign.test', outboxDir: '', logger });
  });
  beforeEach(() => sink.clear());
  after(async () => {
    mailer.close();
    await sink.close();
  });

  it('listens on a loopback smtp:// URL with a real port', () => {
    assert.match(sink.url, /^smtp:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(sink.url, 'smtp://127.0.0.1:0');
  });

  it('waits for a message that arrives after the wait began', async () => {
    const waiting = sink.waitFor((mail) => mail.subject === 'later');

    await mailer.send(mailTo('ada@example.test', 'sooner'));
    await mailer.send(mailTo('ada@example.test', 'later'));

    assert.equal((await waiting).subject, 'later');
  });

  it('waits for a count of messages and keeps them in arrival order', async () => {
    await mailer.send(mailTo('a@example.test', 'first'));
    await mailer.send(mailTo('b@example.test', 'second'));

    const received = await sink.waitForCount(2);
    assert.deepEqual(
      received.map((mail) => mail.subject),
      ['first', 'second'],
    );
    assert.equal(sink.messages.length, 2);
  });

  it('rejects a wait that times out, naming what it received', async () => {
    await mailer.send(mailTo('ada@example.test', 'unrelated'));

    await assert.rejects(
      sink.waitFor((mail) => mail.subject === 'never', 100),
      /no matching message within 100 ms; received: "unrelated"/,
    );
  });

  it('forgets received messages on clear', async () => {
    await mailer.send(mailTo('ada@example.test', 'to forget'));
    await sink.waitForCount(1);

    sink.clear();

    assert.deepEqual(sink.messages, []);
  });

  it('extracts the links of the plain-text part in order, without trailing punctuation', async () => {
    await mailer.send(
      mailTo('ada@example.test', 'links', 'Sign:\nhttp://localhost:3000/sign/tok_1\n\nVerify: https://x.test/verify/env_2.'),
    );

    const [mail] = await sink.waitForCount(1);
    assert.ok(mail);
    assert.deepEqual(linksIn(mail), ['http://localhost:3000/sign/tok_1', 'https://x.test/verify/env_2']);
  });
});
