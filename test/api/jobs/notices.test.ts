import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { senderOf } from '../../../src/app/envelopes/sender.js';
import { enqueueJob } from '../../../src/app/jobs/enqueue-job.js';
import { testDatabases } from '../../support/databases.js';
import { createEnvelope } from '../../support/envelopes.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const recipientOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text;

for (const database of testDatabases) {
  describe(`Cancellation and decline notices (jobs) on ${database}`, () => {
    let sink: SmtpSink;
    let server: TestServer;
    let token: string;
    let senderEmail: string;
    before(async () => {
      sink = await startSmtpSink();
      server = await startTestServer(database, { SMTP_URL: sink.url });
      const account = await server.newAccount();
      token = account.accessToken;
      senderEmail = (await senderOf(server.service.ctx.db, account.account_id)).email;
    });
    afterEach(() => sink.clear());
    after(async () => {
      await server.close();
      await sink.close();
    });

    /** A Sequential envelope whose invitations went out (Ada and the observer Alan; Grace is Waiting). */
    const invitedEnvelope = async () => {
      const created = await createEnvelope(server, token, { flow: 'Sequential' });
      await server.service.worker.drain();
      sink.clear();
      return created;
    };

    it('mails the cancellation with its reason to every recipient who was notified', async () => {
      const { ctx } = server.service;
      const { envelope_id: id } = await invitedEnvelope();
      await ctx.db.updateTable('envelopes').set({ status: 'Cancelled', cancelled_at: ctx.clock.now().toISOString(), cancel_reason: 'Terms changed.' }).where('id', '=', id).execute();
      await enqueueJob(ctx, ctx.db, 'send-cancellation', { envelopeId: id });
      await server.service.worker.drain();
      assert.deepEqual(sink.messages.map(recipientOf).sort(), ['ada@example.test', 'alan@example.test']);
      assert.ok(sink.messages.every((mail) => mail.subject === 'Cancelled: "Sales agreement"' && mail.text?.includes('Terms changed.')));
    });

    it('mails the decline notice, naming the decliner and the reason, to the sender and the other invited signers', async () => {
      const { ctx } = server.service;
      const created = await createEnvelope(server, token, { flow: 'Parallel' });
      await server.service.worker.drain();
      sink.clear();
      const [ada] = created.recipients.signers;
      const now = ctx.clock.now().toISOString();
      await ctx.db.updateTable('recipients').set({ status: 'Declined', declined_at: now, decline_reason: 'Wrong address.' }).where('id', '=', ada!.recipient_id).execute();
      await ctx.db.updateTable('envelopes').set({ status: 'Declined', declined_at: now }).where('id', '=', created.envelope_id).execute();
      await enqueueJob(ctx, ctx.db, 'send-decline-notice', { envelopeId: created.envelope_id });
      await server.service.worker.drain();
      assert.deepEqual(sink.messages.map(recipientOf).sort(), ['grace@example.test', senderEmail].sort());
      assert.ok(sink.messages.every((mail) => mail.subject === 'Declined: "Sales agreement" was declined by Ada Lovelace' && mail.text?.includes('Wrong address.')));
    });

    it('sends no cancellation for an envelope that is not Cancelled', async () => {
      const { ctx } = server.service;
      const { envelope_id: id } = await invitedEnvelope();
      await enqueueJob(ctx, ctx.db, 'send-cancellation', { envelopeId: id });
      await server.service.worker.drain();
      assert.equal(sink.messages.length, 0);
    });
  });
}
