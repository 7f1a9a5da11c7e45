import assert from 'node:assert/strict';
import { afterEach, before, it } from 'node:test';
import { enqueueJob } from '../../../src/app/outbox.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { recipientOf } from '../../support/smtp-sink.js';
import { createEnvelope, newSender, type Sender } from '../../support/envelopes.js';

describeOnEachDatabase(
  'Cancellation and decline notices (jobs)',
  (server, sink) => {
    let sender: Sender;
    before(async () => {
      sender = await newSender(server);
    });
    afterEach(() => sink.clear());

    /** A Sequential envelope whose invitations went out (Ada and the observer Alan; Grace is Waiting). */
    const invitedEnvelope = async () => {
      const created = await createEnvelope(server, sender.token, { flow: 'Sequential' });
      await server.service.worker.drain();
      sink.clear();
      return created;
    };

    it('mails the cancellation with its reason to every recipient who was notified', async () => {
      const { ctx } = server.service;
      const { envelope_id: id } = await invitedEnvelope();
      await ctx.db
        .updateTable('envelopes')
        .set({ status: 'Cancelled', cancelled_at: ctx.clock.now().toISOString(), cancel_reason: 'Terms changed.' })
        .where('id', '=', id)
        .execute();
      await enqueueJob(ctx, ctx.db, 'send-cancellation', { envelopeId: id });
      await server.service.worker.drain();
      assert.deepEqual(sink.messages.map(recipientOf).sort(), ['ada@example.test', 'alan@example.test']);
      assert.ok(sink.messages.every((mail) => mail.subject === 'Cancelled: "Sales agreement"' && mail.text?.includes('Terms changed.')));
    });

    it('mails the decline notice, naming the decliner and the reason, to the sender and the other invited signers', async () => {
      const { ctx } = server.service;
      const created = await createEnvelope(server, sender.token, { flow: 'Parallel' });
      await server.service.worker.drain();
      sink.clear();
      const [ada] = created.recipients.signers;
      const now = ctx.clock.now().toISOString();
      await ctx.db
        .updateTable('recipients')
        .set({ status: 'Declined', declined_at: now, decline_reason: 'Wrong address.' })
        .where('id', '=', ada!.recipient_id)
        .execute();
      await ctx.db.updateTable('envelopes').set({ status: 'Declined', declined_at: now }).where('id', '=', created.envelope_id).execute();
      await enqueueJob(ctx, ctx.db, 'send-decline-notice', { envelopeId: created.envelope_id });
      await server.service.worker.drain();
      assert.deepEqual(sink.messages.map(recipientOf).sort(), ['grace@example.test', sender.email].sort());
      assert.ok(
        sink.messages.every(
          (mail) => mail.subject === 'Declined: "Sales agreement" was declined by Ada Lovelace' && mail.text?.includes('Wrong address.'),
        ),
      );
    });

    it('sends no cancellation for an envelope that is not Cancelled', async () => {
      const { ctx } = server.service;
      const { envelope_id: id } = await invitedEnvelope();
      await enqueueJob(ctx, ctx.db, 'send-cancellation', { envelopeId: id });
      await server.service.worker.drain();
      assert.equal(sink.messages.length, 0);
    });
  },
  { smtpSink: true },
);
