import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** `smtp://127.0.0.1:PORT`, ready for `SMTP_URL`. */
  url: string;
  /** Every message received so far, parsed, in arrival order. */
  messages: ParsedMail[];
  /** The credentials of every AUTH the sink accepted (it accepts any). */
  logins: { username: string; password: string }[];
  /** The first message, received already or later, that matches. */
  waitFor(predicate: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** Resolves once at least `n` messages have arrived. */
  waitForCount(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  clear(): void;
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 5_000;

interface Waiter {
  /** Resolves the waiting promise when what it waits for has arrived. */
  settle(): void;
}

/**
 * The URLs in a mail's plain-text part, in order (signing, download and verification links). Punctuation
 * that ends a sentence after a URL is not part of it.
 */
/** The first addressee as the mail names it (`Ada Lovelace <ada@example.test>`, or the bare address). */
export const recipientOf = (mail: ParsedMail): string => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text ?? '';

export const linksIn = (mail: ParsedMail): string[] => mail.text?.match(/https?:\/\/[^\s<>"]*[^\s<>".,;:!?)]/g) ?? [];

const subjectsOf = (messages: ParsedMail[]): string => messages.map((mail) => JSON.stringify(mail.subject ?? '')).join(', ') || 'none';

/** A real SMTP server on loopback that keeps what it receives: for tests of everything that sends mail. */
export const startSmtpSink = async (): Promise<SmtpSink> => {
  const messages: ParsedMail[] = [];
  const logins: SmtpSink['logins'] = [];
  const waiters = new Set<Waiter>();

  const settleWaiters = (): void => {
    for (const waiter of waiters) waiter.settle();
  };

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    // Any credentials pass, so an `smtp://user:pass@…` URL can be exercised too.
    onAuth: (auth, _session, callback) => {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          settleWaiters();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
    // Pooled clients keep connections open; a test run must not wait 30 s for them on close.
    closeTimeout: 500,
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  /** Resolves with what `lookUp` finds, now or after a later message arrives. */
  const waitUntil = <T>(lookUp: () => T | undefined, timeoutMs: number, expected: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`SMTP sink: no ${expected} within ${timeoutMs} ms; received: ${subjectsOf(messages)}`));
      }, timeoutMs);
      const waiter: Waiter = {
        settle: () => {
          const found = lookUp();
          if (found === undefined) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(found);
        },
      };
      waiters.add(waiter);
      waiter.settle();
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    logins,
    waitFor: (predicate, timeoutMs = DEFAULT_TIMEOUT_MS) => waitUntil(() => messages.find(predicate), timeoutMs, 'matching message'),
    waitForCount: (n, timeoutMs = DEFAULT_TIMEOUT_MS) =>
      waitUntil(() => (messages.length >= n ? [...messages] : undefined), timeoutMs, `${n} messages`),
    clear: () => {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
