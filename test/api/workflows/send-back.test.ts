import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { expireEnvelope } from '../../../src/app/jobs/expire-envelope.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, newSender, type Sender } from '../../support/envelopes.js';
import { assertError } from '../../support/test-server.js';
import type { WebhookReceiver } from '../../support/webhook-receiver.js';
import { envelopeRow, signBody, tokenFor } from '../signing/signing-helpers.js';
import { deliveriesOf, invitedToken, ledgerEntries, mailsTo, recipientRow, subscribe } from './corrections-support.js';

describeOnEachDatabase(
  'send back and resend (docs/api/corrections.md)',
  (server, sink) => {
    let sender: Sender;
    let receiver: WebhookReceiver;
    before(async () => {
      sender = await newSender(server);
      receiver = await subscribe(server, sender.token, 'returned', ['envelope.returned']);
    });
    after(() => receiver?.close());

    const giveBack = (signingToken: string, body: unknown) => server.call('POST', `/api/v2.0/signing/${signingToken}/return`, { body });
    const resend = (envelopeId: string, token = sender.token) => server.call('POST', `/api/v2.0/envelopes/${envelopeId}/resend`, { token });
    const comment = 'The start date on page 2 should be 1 April.';

    const newEnvelope = async (options: Parameters<typeof createEnvelope>[2] = {}) => {
      const envelope = await createEnvelope(server, sender.token, options);
      const [ada, grace] = envelope.recipients.signers;
      await server.service.worker.drain();
      return {
        envelope,
        ada: ada!,
        grace: grace!,
        adaToken: await tokenFor(server, envelope.envelope_id, ada!.recipient_id),
        graceToken: await tokenFor(server, envelope.envelope_id, grace!.recipient_id),
      };
    };

    it('sends the envelope back: Correcting with who, when and why, in the ledger, a webhook and mails to the sender and the others invited', async () => {
      const { envelope, ada, adaToken } = await newEnvelope();
      sink.clear();
      const response = await giveBack(adaToken, { comment: `  ${comment} ` });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const now = server.clock.now().toISOString();
      assert.deepEqual(response.body, {
        message: 'Envelope sent back to its sender.',
        data: { envelope_id: envelope.envelope_id, status: 'Correcting', returned_at: now },
      });
      const row = await envelopeRow(server, envelope.envelope_id);
      assert.deepEqual([row.status, row.returned_at, row.return_comment, row.returned_by], ['Correcting', now, comment, ada.recipient_id]);
      const [entry] = await ledgerEntries(server, envelope.envelope_id, 'ENVELOPE_RETURNED');
      assert.equal(entry!.actor.email, 'ada@example.test');
      assert.equal(entry!.description, `Ada Lovelace sent the envelope back to its sender for correction: ${comment}`);

      await server.service.worker.drain();
      const [event] = deliveriesOf(receiver, 'returned', envelope.envelope_id, 'envelope.returned');
      assert.deepEqual([event!.status, event!.comment, event!.returned_at], ['Correcting', comment, now]);
      assert.equal(event!.returned_by.recipient_id, ada.recipient_id);

      const toSender = mailsTo(sink, sender.email).find((mail) => mail.subject === '"Sales agreement" was sent back for correction');
      assert.ok(toSender, 'the sender is told');
      assert.match(toSender.text ?? '', /Ada Lovelace \(ada@example\.test\) sent "Sales agreement" back to you for correction/);
      assert.match(toSender.text ?? '', /1 April/);
      const toGrace = mailsTo(sink, 'grace@example.test').find((mail) => mail.subject?.includes('sent back for correction'));
      assert.ok(toGrace, 'Grace, invited and not done, is told');
      assert.match(toGrace.text ?? '', /You do not need to do anything now/);
      assert.equal(mailsTo(sink, 'ada@example.test').length, 0, 'the one who sent it back is not told');
      assert.equal(mailsTo(sink, 'alan@example.test').length, 0, 'observers are not told');
    });

    it('answers 409 ENVELOPE_NOT_ACTIVE naming Correcting to every signing call and to remind, until resent', async () => {
      const { envelope, adaToken, graceToken } = await newEnvelope();
      assert.equal((await giveBack(adaToken, { comment })).status, 200);
      const calls = [
        server.call('GET', `/api/v2.0/signing/${graceToken}`),
        server.call('POST', `/api/v2.0/signing/${graceToken}/sign`, { body: signBody() }),
        server.call('POST', `/api/v2.0/signing/${graceToken}/decline`, { body: { reason: 'No' } }),
        giveBack(graceToken, { comment }),
        server.call('POST', `/api/v2.0/signing/${adaToken}/sign`, { body: signBody() }),
      ];
      for (const response of await Promise.all(calls)) {
        assert.match(assertError(response, 409, 'ENVELOPE_NOT_ACTIVE').developer_message, /Correcting/);
      }
      const remind = await server.call('POST', `/api/v2.0/envelopes/${envelope.envelope_id}/remind_signer`, {
        token: sender.token,
        body: { signer_email: 'grace@example.test' },
      });
      assertError(remind, 409, 'ENVELOPE_NOT_ACTIVE');
    });

    it('answers 400 RETURN_COMMENT_REQUIRED without a comment, 400 for one over 1000 characters, and changes nothing', async () => {
      const { envelope, adaToken } = await newEnvelope();
      for (const body of [{}, { comment: '' }, { comment: '   ' }])
        assertError(await giveBack(adaToken, body), 400, 'RETURN_COMMENT_REQUIRED');
      assert.equal((await giveBack(adaToken, { comment: 'x'.repeat(1001) })).status, 400);
      assert.equal((await envelopeRow(server, envelope.envelope_id)).status, 'Sent');
    });

    it('answers 409 NOT_YOUR_TURN to a signer still waiting and 409 ALREADY_SIGNED to one who signed', async () => {
      const { adaToken, graceToken } = await newEnvelope({ flow: 'Sequential' });
      assertError(await giveBack(graceToken, { comment }), 409, 'NOT_YOUR_TURN');
      assert.equal((await server.call('POST', `/api/v2.0/signing/${adaToken}/sign`, { body: signBody() })).status, 200);
      assertError(await giveBack(adaToken, { comment }), 409, 'ALREADY_SIGNED');
    });

    it('resends: back to Sent, the send-back cleared, everyone whose turn it is invited afresh, their old links working again', async () => {
      const { envelope, adaToken, graceToken } = await newEnvelope();
      assert.equal((await giveBack(adaToken, { comment })).status, 200);
      await server.service.worker.drain();
      sink.clear();
      const response = await resend(envelope.envelope_id);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.message, 'Envelope resent.');
      assert.equal(response.body.data.envelope_id, envelope.envelope_id);
      assert.equal(response.body.data.status, 'Sent');
      const row = await envelopeRow(server, envelope.envelope_id);
      assert.deepEqual([row.status, row.returned_at, row.return_comment, row.returned_by], ['Sent', null, null, null]);
      const [entry] = await ledgerEntries(server, envelope.envelope_id, 'ENVELOPE_RESENT');
      assert.equal(entry!.description, 'Envelope resent after correction; 2 recipient(s) invited again.');

      await server.service.worker.drain();
      for (const email of ['ada@example.test', 'grace@example.test']) {
        const fresh = invitedToken(sink, email);
        assert.equal((await server.call('GET', `/api/v2.0/signing/${fresh}`)).status, 200);
      }
      assert.equal((await server.call('POST', `/api/v2.0/signing/${graceToken}/sign`, { body: signBody() })).status, 200);
    });

    it('resends as InProgress when someone had signed, inviting only whoever’s turn it is (Sequential)', async () => {
      const { envelope, ada, adaToken, graceToken } = await newEnvelope({ flow: 'Sequential' });
      assert.equal((await server.call('POST', `/api/v2.0/signing/${adaToken}/sign`, { body: signBody() })).status, 200);
      await server.service.worker.drain();
      assert.equal((await giveBack(graceToken, { comment })).status, 200);
      await server.service.worker.drain();
      sink.clear();
      const response = await resend(envelope.envelope_id);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.data.status, 'InProgress');
      await server.service.worker.drain();
      assert.equal(mailsTo(sink, 'ada@example.test').length, 0);
      invitedToken(sink, 'grace@example.test');
      assert.equal((await recipientRow(server, ada.recipient_id)).status, 'Signed');
    });

    it('answers 409 ENVELOPE_NOT_CORRECTING to resend an envelope that was not sent back, 404 for another account’s', async () => {
      const { envelope, adaToken } = await newEnvelope();
      const refused = assertError(await resend(envelope.envelope_id), 409, 'ENVELOPE_NOT_CORRECTING');
      assert.match(refused.developer_message, /Sent/);
      assert.equal((await giveBack(adaToken, { comment })).status, 200);
      const stranger = await newSender(server);
      assertError(await resend(envelope.envelope_id, stranger.token), 404, 'ENVELOPE_NOT_FOUND');
      assert.equal((await envelopeRow(server, envelope.envelope_id)).status, 'Correcting');
    });

    it('lets a Correcting envelope be cancelled, and expire at its due date (resend then 409)', async () => {
      const first = await newEnvelope();
      assert.equal((await giveBack(first.adaToken, { comment })).status, 200);
      const cancelled = await server.call('POST', `/api/v2.0/envelopes/${first.envelope.envelope_id}/cancel`, {
        token: sender.token,
        body: { cancel_reason: 'Starting over' },
      });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));

      const second = await newEnvelope();
      assert.equal((await giveBack(second.adaToken, { comment })).status, 200);
      await server.service.ctx.db
        .updateTable('envelopes')
        .set({ signing_due_date: new Date(server.clock.now().getTime() - 1000).toISOString() })
        .where('id', '=', second.envelope.envelope_id)
        .execute();
      await expireEnvelope(server.service.ctx, { envelopeId: second.envelope.envelope_id });
      assert.equal((await envelopeRow(server, second.envelope.envelope_id)).status, 'Expired');
      assertError(await resend(second.envelope.envelope_id), 409, 'ENVELOPE_NOT_CORRECTING');
    });

    it('reads a Correcting envelope past its due instant as Expired in its details, the list and the statistics before the expiry job runs', async () => {
      const { envelope, adaToken } = await newEnvelope();
      assert.equal((await giveBack(adaToken, { comment })).status, 200);
      const counted = async () =>
        (await server.call('GET', '/api/v2.0/account/statistics', { token: sender.token })).body.data.by_status as Record<string, number>;
      const before = await counted();
      await server.service.ctx.db
        .updateTable('envelopes')
        .set({ signing_due_date: new Date(server.clock.now().getTime() - 1000).toISOString() })
        .where('id', '=', envelope.envelope_id)
        .execute();

      const details = await server.call('GET', `/api/v2.0/envelopes/${envelope.envelope_id}/details`, { token: sender.token });
      assert.equal(details.body.data.status, 'Expired');
      const listed = async (status: string) =>
        (
          (
            await server.call('POST', '/api/v2.0/envelopes/list', {
              token: sender.token,
              body: { filters: { status: [status] }, page_size: 100 },
            })
          ).body.data.envelopes as { envelope_id: string; status: string }[]
        ).find((row) => row.envelope_id === envelope.envelope_id);
      assert.equal((await listed('Expired'))?.status, 'Expired');
      assert.equal(await listed('Correcting'), undefined);
      const after = await counted();
      assert.equal(after.Correcting, before.Correcting! - 1);
      assert.equal(after.Expired, before.Expired! + 1);
    });
  },
  { smtpSink: true, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } },
);
