import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { userOrOwner } from '../../../src/app/envelopes/sender.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import {
  answerWith,
  secretsInSignatureOrder,
  secretsThatVerify,
  signatureCount,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../support/webhook-receiver.js';

describeOnEachDatabase(
  'webhook delivery',
  (server, sink) => {
    let receiver: WebhookReceiver;
    let token: string;
    let credentials: string;
    let ownerEmail: string;
    before(async () => {
      receiver = await startWebhookReceiver();
    });
    after(() => receiver.close());
    // Tests move the clock by hours and days, past an access token's lifetime: each logs in afresh.
    beforeEach(async () => {
      const account = await server.newAccount();
      token = account.accessToken;
      credentials = account.credentials;
      ownerEmail = (await userOrOwner(server.service.ctx.db, account.account_id, null)).email;
    });
    const logInAgain = async () => {
      const login = await server.call('POST', '/api/v2.0/authorization/token', { body: { credentials } });
      token = login.body.data.access_token;
    };

    const createHook = async (path: string, events = ['envelope.sent']) => {
      const created = await server.call('POST', '/api/v2.0/webhooks', { token, body: { url: `${receiver.url}${path}`, events } });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      return created.body.data as { webhook_id: string; secret: string };
    };
    const ping = async (webhookId: string) => {
      const response = await server.call('POST', `/api/v2.0/webhooks/${webhookId}/test`, { token });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body.data as { delivery_id: string; event_id: string };
    };
    const deliveriesOf = async (webhookId: string) => {
      const response = await server.call('GET', `/api/v2.0/webhooks/${webhookId}/deliveries`, { token });
      assert.equal(response.status, 200);
      return response.body.data.deliveries as {
        delivery_id: string;
        event_id: string;
        type: string;
        state: string;
        attempts: { at: string; status_code: number | null; duration_ms: number; error: string | null }[];
      }[];
    };
    const drain = () => server.service.worker.drain();

    it('retries a 500 with the same event id, the first retry within 30 s, and logs every attempt', async () => {
      receiver.answer('/retry', (response, index) =>
        answerWith(index === 0 ? 500 : 204, index === 0 ? 'database down' : '')(response, index),
      );
      const hook = await createHook('/retry');
      const queued = await ping(hook.webhook_id);
      await drain();
      assert.equal(receiver.received('/retry').length, 1);
      let [delivery] = await deliveriesOf(hook.webhook_id);
      assert.equal(delivery!.state, 'pending');
      assert.equal(delivery!.attempts[0]!.status_code, 500);
      assert.equal(delivery!.attempts[0]!.error, 'HTTP 500: database down');

      server.clock.advanceSeconds(30);
      await drain();
      const received = receiver.received('/retry');
      assert.equal(received.length, 2);
      assert.deepEqual(
        received.map((d) => d.body.id),
        [queued.event_id, queued.event_id],
      );
      assert.equal(received[1]!.raw, received[0]!.raw);
      assert.ok(received.every((d) => secretsThatVerify(d, [hook.secret]).length === 1));
      [delivery] = await deliveriesOf(hook.webhook_id);
      assert.equal(delivery!.state, 'delivered');
      assert.equal(delivery!.event_id, queued.event_id);
      assert.equal(delivery!.type, 'ping');
      assert.deepEqual(
        delivery!.attempts.map((a) => [a.status_code, a.error]),
        [
          [500, 'HTTP 500: database down'],
          [204, null],
        ],
      );
    });

    it('counts a redirect as a failure and does not follow it', async () => {
      receiver.answer('/moved', (response) => {
        response.writeHead(302, { location: `${receiver.url}/elsewhere` });
        response.end();
      });
      const hook = await createHook('/moved');
      await ping(hook.webhook_id);
      await drain();
      const [delivery] = await deliveriesOf(hook.webhook_id);
      assert.equal(delivery!.state, 'pending');
      assert.equal(delivery!.attempts[0]!.status_code, 302);
      assert.match(delivery!.attempts[0]!.error ?? '', /redirects are not followed/);
      assert.equal(receiver.received('/elsewhere').length, 0);
    });

    it('counts no answer within 10 s as a failure, and keeps at most 1 KB of a response body', async () => {
      receiver.answer('/silent', () => undefined);
      receiver.answer('/verbose', answerWith(503, 'x'.repeat(100_000)));
      const silent = await createHook('/silent');
      const verbose = await createHook('/verbose');
      await ping(silent.webhook_id);
      await ping(verbose.webhook_id);
      await drain();
      const [timedOut] = await deliveriesOf(silent.webhook_id);
      assert.equal(timedOut!.attempts[0]!.status_code, null);
      assert.equal(timedOut!.attempts[0]!.error, 'No answer within 10 s');
      assert.ok(timedOut!.attempts[0]!.duration_ms >= 9_000);
      const [refused] = await deliveriesOf(verbose.webhook_id);
      assert.equal(refused!.attempts[0]!.error, `HTTP 503: ${'x'.repeat(1024)}`);
    });

    it('signs with both secrets for 24 h after a rotation (two v1= entries), then with the new one only', async () => {
      const hook = await createHook('/rotated');
      const rotated = await server.call('POST', `/api/v2.0/webhooks/${hook.webhook_id}/rotate_secret`, { token });
      assert.equal(rotated.status, 200);
      const newSecret = rotated.body.data.secret as string;
      assert.match(newSecret, /^whsec_/);
      assert.notEqual(newSecret, hook.secret);
      await ping(hook.webhook_id);
      await drain();
      const during = receiver.received('/rotated')[0]!;
      assert.equal(signatureCount(during), 2);
      assert.deepEqual(secretsThatVerify(during, [hook.secret, newSecret]), [hook.secret, newSecret]);

      server.clock.advance(24 * 3600_000 + 1000);
      await logInAgain();
      await ping(hook.webhook_id);
      await drain();
      const after = receiver.received('/rotated')[1]!;
      assert.equal(signatureCount(after), 1);
      assert.deepEqual(secretsThatVerify(after, [hook.secret, newSecret]), [newSecret]);
    });

    it("puts the new secret's v1= first after a rotation; a receiver holding only the new secret, or only the old one, verifies", async () => {
      const hook = await createHook('/rotation-order');
      const rotate = async () => {
        const rotated = await server.call('POST', `/api/v2.0/webhooks/${hook.webhook_id}/rotate_secret`, { token });
        assert.equal(rotated.status, 200);
        return rotated.body.data.secret as string;
      };
      const second = await rotate();
      await ping(hook.webhook_id);
      await drain();
      const delivery = receiver.received('/rotation-order')[0]!;
      assert.deepEqual(secretsInSignatureOrder(delivery, [hook.secret, second]), [second, hook.secret]);
      assert.deepEqual(secretsThatVerify(delivery, [second]), [second]);
      assert.deepEqual(secretsThatVerify(delivery, [hook.secret]), [hook.secret]);

      server.clock.advance(3600_000);
      await logInAgain();
      const third = await rotate();
      await ping(hook.webhook_id);
      await drain();
      const again = receiver.received('/rotation-order')[1]!;
      assert.deepEqual(secretsInSignatureOrder(again, [hook.secret, second, third]), [third, second]);
    });

    it('stops every pending retry at once when the webhook is disabled', async () => {
      receiver.answer('/disabled', answerWith(500));
      const hook = await createHook('/disabled');
      await ping(hook.webhook_id);
      await drain();
      assert.equal(receiver.received('/disabled').length, 1);
      const disabled = await server.call('PUT', `/api/v2.0/webhooks/${hook.webhook_id}`, { token, body: { enabled: false } });
      assert.equal(disabled.status, 200);
      assert.equal(disabled.body.data.enabled, false);
      assert.equal((await deliveriesOf(hook.webhook_id))[0]!.state, 'failed');
      const test = await server.call('POST', `/api/v2.0/webhooks/${hook.webhook_id}/test`, { token });
      assert.equal(test.status, 409);
      assert.equal(test.body.errors[0].error_code, 'WEBHOOK_DISABLED');
      server.clock.advance(3600_000);
      await drain();
      assert.equal(receiver.received('/disabled').length, 1);
    });

    it('redelivers an event as a new delivery with the same event id and body', async () => {
      const hook = await createHook('/again');
      const first = await ping(hook.webhook_id);
      await drain();
      const again = await server.call('POST', `/api/v2.0/webhooks/${hook.webhook_id}/deliveries/${first.delivery_id}/redeliver`, { token });
      assert.equal(again.status, 201);
      assert.equal(again.body.data.event_id, first.event_id);
      assert.notEqual(again.body.data.delivery_id, first.delivery_id);
      await drain();
      const received = receiver.received('/again');
      assert.equal(received.length, 2);
      assert.equal(received[1]!.raw, received[0]!.raw);
      assert.deepEqual(
        (await deliveriesOf(hook.webhook_id)).map((d) => [d.delivery_id, d.state]).sort(),
        [
          [first.delivery_id, 'delivered'],
          [again.body.data.delivery_id, 'delivered'],
        ].sort(),
      );
      const unknown = await server.call('POST', `/api/v2.0/webhooks/${hook.webhook_id}/deliveries/dlv_unknown/redeliver`, { token });
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.errors[0].error_code, 'WEBHOOK_DELIVERY_NOT_FOUND');
    });

    it('disables a webhook that failed for 24 h, ends its deliveries and e-mails the account owner', async () => {
      receiver.answer('/dead', answerWith(500, 'still down'));
      const hook = await createHook('/dead');
      await ping(hook.webhook_id);
      await drain();
      const webhookRow = () =>
        server.service.ctx.db.selectFrom('webhooks').selectAll().where('id', '=', hook.webhook_id).executeTakeFirstOrThrow();
      for (let hour = 0; hour < 30 && (await webhookRow()).enabled === 1; hour++) {
        server.clock.advance(3600_000);
        await drain();
      }
      const row = await webhookRow();
      assert.equal(row.enabled, 0);
      assert.equal(row.disabled_reason, 'HTTP 500: still down');
      const attempts = receiver.received('/dead').length;
      assert.ok(attempts >= 10, `${attempts} attempts in 24 h`);
      const mail = await sink.waitFor((m) => m.subject === `Webhook disabled: ${receiver.url}/dead`);
      assert.equal((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text, ownerEmail);
      assert.match(mail.text ?? '', new RegExp(hook.webhook_id));
      await logInAgain();
      assert.ok((await deliveriesOf(hook.webhook_id)).every((d) => d.state === 'failed'));
      server.clock.advance(3600_000);
      await drain();
      assert.equal(receiver.received('/dead').length, attempts);
    });
  },
  { env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, smtpSink: true },
);
