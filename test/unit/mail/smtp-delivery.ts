import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { AddressObject, ParsedMail } from 'mailparser';
import { createMailer, type Mailer, type OutgoingMail } from '../../../src/infra/mail/mailer.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';

export const HOSTILE_NAME = '<script>alert(1)</script>';
export const ESCAPED_HOSTILE_NAME = '&lt;script&gt;alert(1)&lt;/script&gt;';

export interface SmtpDelivery {
  /** Sends through a real SMTP exchange and returns the message as the receiving server parsed it. */
  deliver(mail: OutgoingMail): Promise<ParsedMail>;
  /** Delivers `content` to `to`, checks it reached exactly those addresses, and gives both parts to read. */
  read(to: string | string[], content: Omit<OutgoingMail, 'to'>): Promise<{ mail: ParsedMail; text: string; html: string }>;
}

/** Registers a sink and a mailer pointed at it for the enclosing suite. */
export const smtpDelivery = (): SmtpDelivery => {
  let sink: SmtpSink;
  let mailer: Mailer;
  before(async () => {
    sink = await startSmtpSink();
    mailer = createMailer({
      smtpUrl: sink.url,
      from: 'Countersign <no-reply@countersign.test>',
      outboxDir: '',
      logger: { info: () => undefined },
    });
  });
  after(async () => {
    mailer.close();
    await sink.close();
  });
  const deliver = async (mail: OutgoingMail): Promise<ParsedMail> => {
    const { messageId } = await mailer.send(mail);
    return sink.waitFor((received) => received.messageId === messageId);
  };
  return {
    deliver,
    async read(to, content) {
      const mail = await deliver({ ...content, to });
      assert.deepEqual(recipientsOf(mail), [to].flat());
      return { mail, text: textOf(mail), html: htmlOf(mail) };
    },
  };
};

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  [field ?? []].flat().flatMap((group) => group.value.map((address) => address.address ?? ''));

export const recipientsOf = (mail: ParsedMail): string[] => addressesOf(mail.to);

export const htmlOf = (mail: ParsedMail): string => {
  assert.equal(typeof mail.html, 'string', 'the mail has an HTML part');
  return mail.html as string;
};

export const textOf = (mail: ParsedMail): string => {
  assert.equal(typeof mail.text, 'string', 'the mail has a plain-text part');
  return mail.text as string;
};

/** The hostile string reaches the reader as text in both parts and never as markup. */
export const assertHostileNameEscaped = (mail: ParsedMail): void => {
  const html = htmlOf(mail);
  assert.ok(!html.includes('<script'), 'no raw <script> in the HTML part');
  assert.ok(html.includes(ESCAPED_HOSTILE_NAME), 'the hostile name is shown escaped in the HTML part');
  assert.ok(textOf(mail).includes(HOSTILE_NAME), 'the plain-text part shows the name as written');
};
