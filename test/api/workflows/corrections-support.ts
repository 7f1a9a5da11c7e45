import assert from 'node:assert/strict';
import type { ParsedMail } from 'mailparser';
import { readLedger } from '../../../src/app/ledger/append-ledger-entry.js';
import { linksIn, recipientOf, type SmtpSink } from '../../support/smtp-sink.js';
import type { TestServer } from '../../support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';

/** What the reassign, correction and send-back suites look at behind the API. */

export const allowReassign = (server: TestServer, envelopeId: string) =>
  server.service.ctx.db.updateTable('envelopes').set({ allow_reassign: 1 }).where('id', '=', envelopeId).execute();

export const recipientRow = (server: TestServer, recipientId: string) =>
  server.service.ctx.db.selectFrom('recipients').selectAll().where('id', '=', recipientId).executeTakeFirstOrThrow();

export const setRecipient = (server: TestServer, recipientId: string, columns: Record<string, unknown>) =>
  server.service.ctx.db.updateTable('recipients').set(columns).where('id', '=', recipientId).execute();

export const fieldsOf = (server: TestServer, recipientId: string) =>
  server.service.ctx.db.selectFrom('fields').selectAll().where('recipient_id', '=', recipientId).orderBy('position').execute();

export const ledgerEntries = async (server: TestServer, envelopeId: string, activityType: string) =>
  (await readLedger(server.service.ctx.db, envelopeId)).filter((entry) => entry.activity_type === activityType);

/** Mails to one address received so far. */
export const mailsTo = (sink: SmtpSink, email: string): ParsedMail[] => sink.messages.filter((mail) => recipientOf(mail).includes(email));

/** The signing token of the newest invitation mailed to this address. */
export const invitedToken = (sink: SmtpSink, email: string): string => {
  const invitation = mailsTo(sink, email)
    .filter((mail) => linksIn(mail).some((link) => link.includes('/sign/')))
    .at(-1);
  assert.ok(invitation, `no invitation mailed to ${email}`);
  const link = linksIn(invitation).find((candidate) => candidate.includes('/sign/'))!;
  return new URL(link).pathname.split('/').at(-1)!;
};

/** A webhook receiver subscribed to every event of the account, and the deliveries about one envelope. */
export const subscribe = async (server: TestServer, token: string, path: string, events: string[]): Promise<WebhookReceiver> => {
  const receiver = await startWebhookReceiver();
  const created = await server.call('POST', '/api/v2.0/webhooks', { token, body: { url: `${receiver.url}/${path}`, events } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return receiver;
};

export const deliveriesOf = (receiver: WebhookReceiver, path: string, envelopeId: string, type: string) =>
  receiver
    .received(`/${path}`)
    .filter((delivery) => delivery.body.type === type && delivery.body.data.envelope_id === envelopeId)
    .map((delivery) => delivery.body.data);
