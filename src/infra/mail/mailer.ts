import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { createOutboxDirectory } from './outbox-directory.js';

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface OutgoingMail {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** The links the mail carries; logged in outbox mode so an operator without SMTP can still follow them. */
  links?: string[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

export interface MailLogger {
  info(obj: object, msg: string): void;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://…`; unset writes every mail to `outboxDir` instead. */
  smtpUrl?: string;
  /** `MAIL_FROM`, e.g. `Countersign <no-reply@localhost>`. */
  from: string;
  outboxDir: string;
  logger: MailLogger;
}

const recipientList = (to: string | string[]): string[] => (Array.isArray(to) ? to : [to]);

const nodemailerMessage = (from: string, mail: OutgoingMail): Mail.Options => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  attachments: mail.attachments?.map((attachment) => ({
    filename: attachment.filename,
    content: Buffer.from(attachment.content.buffer, attachment.content.byteOffset, attachment.content.byteLength),
    contentType: attachment.contentType,
  })),
});

/**
 * nodemailer's own waits (2 min to connect, 10 min of silence) would hold a job, and the mail queued
 * behind it, that long on a server that accepts connections and never answers; these fail it sooner,
 * so it is retried with back-off. `SMTP_URL`'s query may set others (`?greetingTimeout=…`).
 */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/** Pooled, so a burst of invitations reuses a few connections instead of opening one per mail. */
const pooledSmtpUrl = (smtpUrl: string): string => {
  const url = new URL(smtpUrl);
  url.searchParams.set('pool', 'true');
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS_MS)) if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  return url.toString();
};

/**
 * Why a mail did not leave, in words fit for an envelope's history: nodemailer's error code or the
 * server's reply code, never its message (which names the server's address).
 */
export const mailFailureReason = (error: unknown): string => {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === 'number') return `the mail server refused it (SMTP ${responseCode})`;
  if (code === 'ETIMEDOUT') return 'the mail server did not answer in time';
  if (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EDNS') return 'the mail server could not be reached';
  return 'it could not be handed to the mail server';
};

/** nodemailer is loaded with the first mail: a process that sends none (a CLI command, most idle servers) never loads it. */
const onFirstMail = <T extends Transporter>(create: (module: typeof nodemailer) => T) => {
  let transport: Promise<T> | undefined;
  return {
    transport: () => (transport ??= import('nodemailer').then((loaded) => create(loaded.default))),
    created: () => transport,
  };
};

const smtpMailer = (smtpUrl: string, options: MailerOptions): Mailer => {
  const lazy = onFirstMail((nodemailer) => nodemailer.createTransport(pooledSmtpUrl(smtpUrl)));
  return {
    async send(mail) {
      const info = await (await lazy.transport()).sendMail(nodemailerMessage(options.from, mail));
      const { messageId } = info;
      options.logger.info({ to: recipientList(mail.to), subject: mail.subject, messageId }, 'mail sent');
      return { messageId: info.messageId };
    },
    close: () => void lazy.created()?.then((transport) => transport.close()),
  };
};

const outboxMailer = (options: MailerOptions): Mailer => {
  const lazy = onFirstMail((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true }));
  const outbox = createOutboxDirectory(options.outboxDir);
  return {
    async send(mail) {
      const info = await (await lazy.transport()).sendMail(nodemailerMessage(options.from, mail));
      if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport did not buffer the message');
      const file = await outbox.write(info.message);
      options.logger.info({ to: recipientList(mail.to), subject: mail.subject, links: mail.links ?? [], file }, 'mail written to outbox');
      return { messageId: info.messageId };
    },
    // The stream transport holds no connection to release.
    close: () => undefined,
  };
};

/**
 * Sends through `smtpUrl` when configured, else writes `.eml` files to `outboxDir` (docs/operations/configuration.md, `SMTP_URL`).
 * Bodies are never logged: they hold private notes and documents. Links are logged in outbox mode only, where
 * the operator has no other way to reach them; over SMTP they go to their recipient alone.
 */
export const createMailer = (options: MailerOptions): Mailer =>
  options.smtpUrl ? smtpMailer(options.smtpUrl, options) : outboxMailer(options);
