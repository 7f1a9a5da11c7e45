import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { WEBHOOK_EVENT_TYPES } from '../../../src/domain/webhook-events.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { secretsThatVerify, startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';
import { signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';

describeOnEachDatabase(
  'webhook events of a full flow',
  (server) => {
    let receiver: WebhookReceiver;
    let token: string;
    let secret: string;
    before(async () => {
      receiver = await startWebhookReceiver();
      const account = await server.newAccount();
      token = account.accessToken;
      const created = await server.call('POST', '/api/v2.0/webhooks', {
        token,
        body: { url: `${receiver.url}/flow`, events: WEBHOOK_EVENT_TYPES, description: 'every event' },
      });
      assert.equal(created.status, 201);
      secret = created.body.data.secret;
    });
    after(() => receiver.close());

    const eventsAbout = (envelopeId: string) => receiver.received('/flow').filter((d) => d.body.data.envelope_id === envelopeId);

    it('delivers envelope.sent, recipient.viewed, recipient.signed and envelope.completed, each signed with the secret and carrying its id', async () => {
      const envelope = await createEnvelope(server, token, { envelope: { name: 'Webhook flow', tags: ['hooks'] } });
      const [ada, grace] = envelope.recipients.signers;
      const adaToken = await tokenFor(server, envelope.envelope_id, ada!.recipient_id);
      // Deliveries of one webhook are not ordered among themselves (docs/api/webhooks.md): each step's are let out first.
      await server.service.worker.drain();
      assert.equal((await server.call('GET', `/api/v2.0/signing/${adaToken}`)).status, 200);
      await server.service.worker.drain();
      assert.equal((await server.call('POST', `/api/v2.0/signing/${adaToken}/sign`, { body: signBody() })).status, 200);
      await server.service.worker.drain();
      const graceToken = await tokenFor(server, envelope.envelope_id, grace!.recipient_id);
      assert.equal((await server.call('POST', `/api/v2.0/signing/${graceToken}/sign`, { body: signBody() })).status, 200);
      assert.equal((await waitForCompletion(server, envelope.envelope_id)).status, 'Completed');
      await server.service.worker.drain();

      const deliveries = eventsAbout(envelope.envelope_id);
      assert.deepEqual(
        deliveries.map((d) => d.body.type),
        ['envelope.sent', 'recipient.viewed', 'recipient.signed', 'recipient.signed', 'envelope.completed'],
      );
      for (const delivery of deliveries) {
        assert.deepEqual(secretsThatVerify(delivery, [secret]), [secret]);
        assert.equal(delivery.headers['countersign-event-id'], delivery.body.id);
        assert.match(delivery.body.id, /^evt_/);
        assert.equal(delivery.headers['content-type'], 'application/json');
        assert.equal(delivery.body.data.name, 'Webhook flow');
        assert.deepEqual(delivery.body.data.tags, ['hooks']);
      }
      const [sent, viewed, firstSigned, lastSigned, completed] = deliveries.map((d) => d.body);
      assert.equal(sent!.data.status, 'Sent');
      assert.deepEqual(
        sent!.data.recipients.map((r: { email: string; role: string }) => `${r.role}:${r.email}`),
        ['signer:ada@example.test', 'signer:grace@example.test', 'observer:alan@example.test'],
      );
      assert.equal(viewed!.data.recipient.recipient_id, ada!.recipient_id);
      assert.ok(viewed!.data.viewed_at);
      assert.deepEqual([firstSigned!.data.all_signed, lastSigned!.data.all_signed], [false, true]);
      assert.equal(lastSigned!.data.recipient.email, 'grace@example.test');
      assert.equal(completed!.data.status, 'Completed');
      assert.ok(completed!.data.completed_at);

      const deleted = await server.call('POST', `/api/v2.0/envelopes/${envelope.envelope_id}/delete`, { token });
      assert.equal(deleted.status, 200);
      await server.service.worker.drain();
      const gone = eventsAbout(envelope.envelope_id).at(-1)!;
      assert.equal(gone.body.type, 'envelope.deleted');
      assert.equal(gone.body.data.deleted_at, deleted.body.data.deleted_at);
      assert.deepEqual(secretsThatVerify(gone, [secret]), [secret]);
    });

    it('delivers recipient.declined and envelope.declined with the reason and the signer', async () => {
      const envelope = await createEnvelope(server, token, { envelope: { name: 'Declined by webhook' } });
      await server.service.worker.drain();
      const declined = await server.call('POST', `/api/v2.0/envelopes/${envelope.envelope_id}/decline`, {
        token,
        body: { reason: 'Wrong price', signer_email: 'grace@example.test' },
      });
      assert.equal(declined.status, 200);
      await server.service.worker.drain();
      const deliveries = eventsAbout(envelope.envelope_id);
      assert.deepEqual(deliveries.map((d) => d.body.type).sort(), ['envelope.declined', 'envelope.sent', 'recipient.declined']);
      const recipientDeclined = deliveries.find((d) => d.body.type === 'recipient.declined')!.body;
      const envelopeDeclined = deliveries.find((d) => d.body.type === 'envelope.declined')!.body;
      assert.equal(recipientDeclined!.data.recipient.email, 'grace@example.test');
      assert.equal(recipientDeclined!.data.reason, 'Wrong price');
      assert.equal(envelopeDeclined!.data.declined_by.email, 'grace@example.test');
      assert.equal(envelopeDeclined!.data.status, 'Declined');
      assert.ok(deliveries.every((d) => secretsThatVerify(d, [secret]).length === 1));
    });

    it('delivers envelope.cancelled with the reason', async () => {
      const envelope = await createEnvelope(server, token, { envelope: { name: 'Cancelled by webhook' } });
      await server.service.worker.drain();
      const cancelled = await server.call('POST', `/api/v2.0/envelopes/${envelope.envelope_id}/cancel`, {
        token,
        body: { cancel_reason: 'Deal is off' },
      });
      assert.equal(cancelled.status, 200);
      await server.service.worker.drain();
      const last = eventsAbout(envelope.envelope_id).at(-1)!;
      assert.equal(last.body.type, 'envelope.cancelled');
      assert.equal(last.body.data.reason, 'Deal is off');
      assert.equal(last.body.data.cancelled_at, cancelled.body.data.cancelled_at);
      assert.deepEqual(secretsThatVerify(last, [secret]), [secret]);
    });

    it('delivers envelope.expired when the due date passes (test clock)', async () => {
      const envelope = await createEnvelope(server, token, { envelope: { name: 'Expired by webhook', expiration_days: 1 } });
      await server.service.worker.drain();
      server.clock.advanceDays(1);
      await server.service.worker.drain();
      const last = eventsAbout(envelope.envelope_id).at(-1)!;
      assert.equal(last.body.type, 'envelope.expired');
      assert.equal(last.body.data.status, 'Expired');
      assert.equal(last.body.data.expired_at, last.body.data.signing_due_date);
      assert.deepEqual(secretsThatVerify(last, [secret]), [secret]);
    });
  },
  { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } },
);
