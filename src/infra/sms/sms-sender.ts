import type { SmsTransport } from '../../config.js';
import { createOutboxDirectory } from '../mail/outbox-directory.js';

export interface OutgoingSms {
  /** E.164: `+<country code><number>`. */
  to: string;
  text: string;
}

export interface SmsSender {
  send(sms: OutgoingSms): Promise<void>;
}

export interface SmsLogger {
  info(obj: object, msg: string): void;
}

/** A provider that does not answer within this is a failure: the job runs again later. */
const TIMEOUT_MS = 10_000;

const assertDelivered = async (response: Response, provider: string): Promise<void> => {
  if (response.ok) return;
  const excerpt = (await response.text().catch(() => '')).slice(0, 300).replace(/\s+/g, ' ');
  throw new Error(`${provider} answered HTTP ${response.status}${excerpt ? `: ${excerpt}` : ''}`);
};

/** Twilio's Messages API: form-encoded To/From/Body, HTTP basic authentication with the account SID and auth token. */
const twilioSender = (transport: Extract<SmsTransport, { kind: 'twilio' }>, logger: SmsLogger): SmsSender => ({
  async send({ to, text }) {
    const url = `${transport.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(transport.accountSid)}/Messages.json`;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${transport.accountSid}:${transport.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: to, From: transport.from, Body: text }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    await assertDelivered(response, 'Twilio');
    logger.info({ to }, 'sms sent (Twilio)');
  },
});

/** A plain hook: POST {to, text} as JSON, with SMS_TOKEN as a bearer token when set. */
const hookSender = (transport: Extract<SmsTransport, { kind: 'hook' }>, logger: SmsLogger): SmsSender => ({
  async send({ to, text }) {
    const response = await fetch(transport.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(transport.token ? { authorization: `Bearer ${transport.token}` } : {}) },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    await assertDelivered(response, 'The SMS hook');
    logger.info({ to }, 'sms sent (hook)');
  },
});

/**
 * No provider configured: each message becomes a `.sms.txt` file next to the mails, and is logged
 * with its text so an operator trying the service can read the code (as with mails' links).
 */
const outboxSender = (outboxDir: string, logger: SmsLogger): SmsSender => {
  const outbox = createOutboxDirectory(outboxDir);
  return {
    async send({ to, text }) {
      const file = await outbox.write(Buffer.from(`To: ${to}\n\n${text}\n`, 'utf8'), '.sms.txt');
      logger.info({ to, text, file }, 'sms written to outbox');
    },
  };
};

/** The sender SMS_URL configures (docs/operations/configuration.md, docs/concepts/recipients.md). Message texts are never logged except in outbox mode. */
export const createSmsSender = (transport: SmsTransport, outboxDir: string, logger: SmsLogger): SmsSender => {
  switch (transport.kind) {
    case 'twilio':
      return twilioSender(transport, logger);
    case 'hook':
      return hookSender(transport, logger);
    case 'outbox':
      return outboxSender(outboxDir, logger);
  }
};
