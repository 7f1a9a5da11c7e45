import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { secretsThatVerify, signatureCount, startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';

describeOnEachDatabase(
  'Idempotency-Key on the webhook routes that answer a secret',
  (server) => {
    let receiver: WebhookReceiver;
    let token: string;
    let accountId: string;
    before(async () => {
      receiver = await startWebhookReceiver(server.clock);
      const account = await server.newAccount();
      token = account.accessToken;
      accountId = account.account_id;
    });
    after(() => receiver.close());

    const storedResponses = () =>
      server.service.ctx.db.selectFrom('idempotency_keys').select('response_body').where('account_id', '=', accountId).execute();

    it('replays the created webhook and its secret for the same key, creates nothing more, and stores that answer encrypted', async () => {
      const key = randomUUID();
      const body = { url: `${receiver.url}/created`, events: ['envelope.sent'] };
      const first = await server.call('POST', '/api/v2.0/webhooks', { token, body, headers: { 'idempotency-key': key } });
      const replay = await server.call('POST', '/api/v2.0/webhooks', { token, body, headers: { 'idempotency-key': key } });
      assert.equal(first.status, 201);
      assert.equal(replay.status, 201);
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(replay.body, first.body);
      const listed = await server.call('GET', '/api/v2.0/webhooks', { token });
      assert.equal(listed.body.data.webhooks.filter((hook: { url: string }) => hook.url === body.url).length, 1);
      const stored = (await storedResponses()).map((row) => String(row.response_body));
      assert.ok(stored.length > 0);
      assert.ok(stored.every((response) => !response.includes(first.body.data.secret) && !response.startsWith('{')));

      const other = await server.call('POST', '/api/v2.0/webhooks', {
        token,
        body: { ...body, url: `${receiver.url}/other` },
        headers: { 'idempotency-key': key },
      });
      assert.equal(other.status, 422);
      assert.equal(other.body.errors[0].error_code, 'IDEMPOTENCY_KEY_REUSED');
    });

    it('replays a rotation with the same new secret and rotates nothing: the original secret still signs', async () => {
      const created = await server.call('POST', '/api/v2.0/webhooks', {
        token,
        body: { url: `${receiver.url}/rotated`, events: ['envelope.sent'] },
      });
      const { webhook_id: webhookId, secret: original } = created.body.data;
      const key = randomUUID();
      const rotate = () =>
        server.call('POST', `/api/v2.0/webhooks/${webhookId}/rotate_secret`, { token, headers: { 'idempotency-key': key } });
      const rotated = await rotate();
      const replay = await rotate();
      assert.equal(rotated.status, 200);
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      assert.equal(replay.body.data.secret, rotated.body.data.secret);

      assert.equal((await server.call('POST', `/api/v2.0/webhooks/${webhookId}/test`, { token })).status, 201);
      await server.service.worker.drain();
      const ping = receiver.received('/rotated').at(-1)!;
      assert.equal(signatureCount(ping), 2);
      assert.deepEqual(secretsThatVerify(ping, [original, rotated.body.data.secret]), [original, rotated.body.data.secret]);
    });

    it("treats the same key on another webhook's rotation as another request (422 IDEMPOTENCY_KEY_REUSED)", async () => {
      const hooks = await Promise.all(
        ['/a', '/b'].map((path) =>
          server.call('POST', '/api/v2.0/webhooks', { token, body: { url: `${receiver.url}${path}`, events: ['envelope.sent'] } }),
        ),
      );
      const key = randomUUID();
      const rotations = [];
      for (const hook of hooks)
        rotations.push(
          await server.call('POST', `/api/v2.0/webhooks/${hook.body.data.webhook_id}/rotate_secret`, {
            token,
            headers: { 'idempotency-key': key },
          }),
        );
      assert.equal(rotations[0]!.status, 200);
      assert.equal(rotations[1]!.status, 422);
      assert.equal(rotations[1]!.body.errors[0].error_code, 'IDEMPOTENCY_KEY_REUSED');
    });
  },
  { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } },
);
