import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { signBody, tokenFor, waitForCompletion } from '../../../test/api/signing/signing-helpers.js';
import { WEBHOOK_EVENT_TYPES } from '../../../src/domain/webhook-events.js';
import { describeOnEachDatabase } from '../../../test/support/api-suite.js';
import { createEnvelope } from '../../../test/support/envelopes.js';
import { answerWith, startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from '../../../test/support/webhook-receiver.js';
import {
  CountersignClient,
  verifiedWebhookEvent,
  verifyWebhookSignature,
  WebhookSignatureError,
  type OperationInput,
} from '../src/index.js';

type SignBody = Extract<OperationInput<'signEnvelope'>, { body: unknown }>['body'];

describeOnEachDatabase(
  'webhooks through @countersign/client, verified with its verifyWebhookSignature',
  (server) => {
    let receiver: WebhookReceiver;
    let client: CountersignClient;
    let token: string;

    before(async () => {
      receiver = await startWebhookReceiver(server.clock);
    });
    // Tests move the clock past an access token's lifetime: each starts with its own account, logged in.
    beforeEach(async () => {
      const account = await server.newAccount();
      token = account.accessToken;
      client = new CountersignClient({ baseUrl: server.url, clientId: account.client_id, clientSecret: account.client_secret });
    });
    after(() => receiver.close());

    /** Checked as a receiver does on arrival: "now" is when the delivery arrived, by the server's test clock. */
    const verify = (secret: string, delivery: ReceivedDelivery) =>
      verifyWebhookSignature(secret, String(delivery.headers['countersign-signature']), delivery.raw, { now: delivery.receivedAt });

    const deliveriesAbout = (path: string, envelopeId: string) =>
      receiver.received(path).filter((delivery) => delivery.body.data.envelope_id === envelopeId);

    it('receives every event of a full flow, each verified with the secret the client was given', async () => {
      const hook = await client.createWebhook({
        body: { url: `${receiver.url}/flow`, events: [...WEBHOOK_EVENT_TYPES], description: 'every event' },
      });
      assert.match(hook.secret, /^whsec_/);

      const signed = await createEnvelope(server, token, { envelope: { name: 'Signed through' } });
      await server.service.worker.drain();
      const [ada, grace] = signed.recipients.signers;
      const adaCode = await tokenFor(server, signed.envelope_id, ada!.recipient_id);
      await client.viewSigningPage({ signingCode: adaCode });
      await server.service.worker.drain();
      await client.signEnvelope({ signingCode: adaCode, body: signBody() as SignBody });
      await server.service.worker.drain();
      await client.signEnvelope({
        signingCode: await tokenFor(server, signed.envelope_id, grace!.recipient_id),
        body: signBody() as SignBody,
      });
      await waitForCompletion(server, signed.envelope_id);
      await server.service.worker.drain();
      await client.deleteEnvelope({ envelopeId: signed.envelope_id });

      const declined = await createEnvelope(server, token, { envelope: { name: 'Declined' } });
      await client.declineEnvelope({
        envelopeId: declined.envelope_id,
        body: { reason: 'Wrong price', signer_email: 'grace@example.test' },
      });
      const cancelled = await createEnvelope(server, token, { envelope: { name: 'Cancelled' } });
      await client.cancelEnvelope({ envelopeId: cancelled.envelope_id, body: { cancel_reason: 'Deal is off' } });
      const expired = await createEnvelope(server, token, { envelope: { name: 'Expired', expiration_days: 1 } });
      await server.service.worker.drain();
      server.clock.advanceDays(1);
      await server.service.worker.drain();

      const received = receiver.received('/flow');
      for (const delivery of received) {
        assert.equal(await verify(hook.secret, delivery), true);
        const event = await verifiedWebhookEvent(hook.secret, String(delivery.headers['countersign-signature']), delivery.raw, {
          now: delivery.receivedAt,
        });
        assert.equal(event.id, delivery.headers['countersign-event-id']);
      }
      assert.deepEqual(
        deliveriesAbout('/flow', signed.envelope_id).map((delivery) => delivery.body.type),
        ['envelope.sent', 'recipient.viewed', 'recipient.signed', 'recipient.signed', 'envelope.completed', 'envelope.deleted'],
      );
      assert.deepEqual(
        deliveriesAbout('/flow', declined.envelope_id)
          .map((delivery) => delivery.body.type)
          .sort(),
        ['envelope.declined', 'envelope.sent', 'recipient.declined'],
      );
      // Deliveries are not ordered (docs/api/webhooks.md): a cancellation right after the creation may arrive first.
      assert.deepEqual(
        deliveriesAbout('/flow', cancelled.envelope_id)
          .map((delivery) => delivery.body.type)
          .sort(),
        ['envelope.cancelled', 'envelope.sent'],
      );
      assert.deepEqual(
        deliveriesAbout('/flow', expired.envelope_id).map((delivery) => delivery.body.type),
        ['envelope.sent', 'envelope.expired'],
      );
      await assert.rejects(verify('whsec_not-the-secret', received[0]!), WebhookSignatureError);
      await assert.rejects(
        verifyWebhookSignature(hook.secret, String(received[0]!.headers['countersign-signature']), `${received[0]!.raw} `, {
          now: received[0]!.receivedAt,
        }),
        WebhookSignatureError,
      );

      const page = await client.listWebhookDeliveries({ webhookId: hook.webhook_id, query: { page_size: 100 } });
      assert.equal(page.deliveries.length, received.length);
      assert.ok(page.deliveries.every((delivery) => delivery.state === 'delivered'));
    });

    it('retries a delivery answered 500 with the same event id, verified both times', async () => {
      receiver.answer('/retry', (response, index) => answerWith(index === 0 ? 500 : 204)(response, index));
      const hook = await client.createWebhook({ body: { url: `${receiver.url}/retry`, events: ['envelope.sent'] } });
      await createEnvelope(server, token, { envelope: { name: 'Retried' } });
      await server.service.worker.drain();
      server.clock.advanceSeconds(30);
      await server.service.worker.drain();

      const [first, retry] = receiver.received('/retry');
      assert.ok(first && retry);
      assert.equal(retry.body.id, first.body.id);
      assert.equal(retry.raw, first.raw);
      assert.equal(await verify(hook.secret, first), true);
      assert.equal(await verify(hook.secret, retry), true);
      const [delivery] = (await client.listWebhookDeliveries({ webhookId: hook.webhook_id })).deliveries;
      assert.deepEqual(
        delivery!.attempts.map((attempt) => attempt.status_code),
        [500, 204],
      );
      assert.equal(delivery!.state, 'delivered');
    });

    it('signs with both secrets for 24 h after a rotation, then with the new one only', async () => {
      const hook = await client.createWebhook({ body: { url: `${receiver.url}/rotation`, events: ['envelope.sent'] } });
      const rotated = await client.rotateWebhookSecret({ webhookId: hook.webhook_id });
      assert.notEqual(rotated.secret, hook.secret);

      await client.testWebhook({ webhookId: hook.webhook_id });
      await server.service.worker.drain();
      const during = receiver.received('/rotation').at(-1)!;
      assert.equal(during.body.type, 'ping');
      assert.equal(await verify(hook.secret, during), true);
      assert.equal(await verify(rotated.secret, during), true);

      server.clock.advance(24 * 3600_000 + 1000);
      await client.testWebhook({ webhookId: hook.webhook_id });
      await server.service.worker.drain();
      const afterOverlap = receiver.received('/rotation').at(-1)!;
      assert.notEqual(afterOverlap.body.id, during.body.id);
      assert.equal(await verify(rotated.secret, afterOverlap), true);
      await assert.rejects(verify(hook.secret, afterOverlap), WebhookSignatureError);
    });
  },
  { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } },
);
