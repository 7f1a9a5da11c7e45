import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';

const errorsOf = (body: { errors: { error_code: string; field?: string }[] }) => body.errors.map((e) => [e.error_code, e.field]);

describeOnEachDatabase(
  'webhooks API',
  (server) => {
    let receiver: WebhookReceiver;
    let token: string;
    let otherToken: string;
    before(async () => {
      receiver = await startWebhookReceiver();
      token = (await server.newAccount()).accessToken;
      otherToken = (await server.newAccount()).accessToken;
    });
    after(() => receiver.close());

    const create = (body: unknown, as = token) => server.call('POST', '/api/v2.0/webhooks', { token: as, body });

    it('creates a webhook: 201 with the secret shown once, listed afterwards without it, also under the variant prefixes', async () => {
      const created = await create({ url: `${receiver.url}/a`, events: ['envelope.completed', 'envelope.completed'], description: 'CRM' });
      assert.equal(created.status, 201);
      const data = created.body.data;
      assert.match(data.webhook_id, /^whk_/);
      assert.match(data.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
      assert.deepEqual(
        { ...data, webhook_id: undefined, secret: undefined, created_at: undefined },
        {
          webhook_id: undefined,
          secret: undefined,
          created_at: undefined,
          url: `${receiver.url}/a`,
          description: 'CRM',
          events: ['envelope.completed'],
          enabled: true,
          disabled_reason: null,
          previous_secret_expires_at: null,
        },
      );
      for (const prefix of ['/api/v2.0', '/v2.0', '/api/2.0', '/apiv2.0']) {
        const listed = await server.call('GET', `${prefix}/webhooks`, { token });
        assert.equal(listed.status, 200);
        const mine = listed.body.data.webhooks.find((w: { webhook_id: string }) => w.webhook_id === data.webhook_id);
        assert.equal(mine.url, `${receiver.url}/a`);
        assert.equal('secret' in mine, false);
        assert.equal(JSON.stringify(listed.body).includes(data.secret), false);
      }
      const stored = await server.service.ctx.db
        .selectFrom('webhooks')
        .selectAll()
        .where('id', '=', data.webhook_id)
        .executeTakeFirstOrThrow();
      assert.equal(JSON.stringify(stored).includes(data.secret), false);
    });

    it('updates events and description, and answers 400 NOTHING_TO_UPDATE for an empty change', async () => {
      const { webhook_id } = (await create({ url: `${receiver.url}/b`, events: ['envelope.sent'] })).body.data;
      const updated = await server.call('PUT', `/api/v2.0/webhooks/${webhook_id}`, {
        token,
        body: { events: ['recipient.signed', 'envelope.expired'], description: 'changed' },
      });
      assert.equal(updated.status, 200);
      assert.deepEqual(updated.body.data.events, ['recipient.signed', 'envelope.expired']);
      assert.equal(updated.body.data.description, 'changed');
      const empty = await server.call('PUT', `/api/v2.0/webhooks/${webhook_id}`, { token, body: {} });
      assert.equal(empty.status, 400);
      assert.deepEqual(errorsOf(empty.body), [['NOTHING_TO_UPDATE', undefined]]);
    });

    it('deletes a webhook: 200 with a message, then 404 WEBHOOK_NOT_FOUND', async () => {
      const { webhook_id } = (await create({ url: `${receiver.url}/c`, events: ['envelope.sent'] })).body.data;
      const deleted = await server.call('DELETE', `/api/v2.0/webhooks/${webhook_id}`, { token });
      assert.equal(deleted.status, 200);
      assert.equal(deleted.body.message, 'Webhook deleted successfully.');
      const again = await server.call('DELETE', `/api/v2.0/webhooks/${webhook_id}`, { token });
      assert.equal(again.status, 404);
      assert.equal(again.body.errors[0].error_code, 'WEBHOOK_NOT_FOUND');
    });

    it("answers 404 WEBHOOK_NOT_FOUND for another account's webhook, on every operation", async () => {
      const { webhook_id } = (await create({ url: `${receiver.url}/d`, events: ['envelope.sent'] })).body.data;
      const delivery = (await server.call('POST', `/api/v2.0/webhooks/${webhook_id}/test`, { token })).body.data.delivery_id;
      const attempts = [
        server.call('PUT', `/api/v2.0/webhooks/${webhook_id}`, { token: otherToken, body: { enabled: false } }),
        server.call('DELETE', `/api/v2.0/webhooks/${webhook_id}`, { token: otherToken }),
        server.call('POST', `/api/v2.0/webhooks/${webhook_id}/rotate_secret`, { token: otherToken }),
        server.call('POST', `/api/v2.0/webhooks/${webhook_id}/test`, { token: otherToken }),
        server.call('GET', `/api/v2.0/webhooks/${webhook_id}/deliveries`, { token: otherToken }),
        server.call('POST', `/api/v2.0/webhooks/${webhook_id}/deliveries/${delivery}/redeliver`, { token: otherToken }),
      ];
      for (const response of await Promise.all(attempts)) {
        assert.equal(response.status, 404);
        assert.equal(response.body.errors[0].error_code, 'WEBHOOK_NOT_FOUND');
      }
      const listed = await server.call('GET', '/api/v2.0/webhooks', { token: otherToken });
      assert.deepEqual(listed.body.data.webhooks, []);
      assert.equal((await server.call('GET', `/api/v2.0/webhooks/${webhook_id}/deliveries`, { token })).status, 200);
    });

    it('answers every validation problem at once with its own code', async () => {
      const response = await create({
        url: 'ftp://example.com/hook',
        events: ['envelope.sent', 'envelope.exploded'],
        description: 'x'.repeat(501),
      });
      assert.equal(response.status, 400);
      assert.deepEqual(errorsOf(response.body).sort(), [
        ['INVALID_FIELD', 'description'],
        ['UNKNOWN_EVENT_TYPE', 'events[1]'],
      ]);
      const missing = await create({ description: 'nothing' });
      assert.deepEqual(errorsOf(missing.body).sort(), [
        ['FIELD_REQUIRED', 'events'],
        ['FIELD_REQUIRED', 'url'],
      ]);
      const empty = await create({ url: `${receiver.url}/e`, events: [] });
      assert.deepEqual(errorsOf(empty.body), [['EVENTS_REQUIRED', 'events']]);
      const unknown = await create({ url: `${receiver.url}/e`, events: ['envelope.sent'], secret: 'mine' });
      assert.deepEqual(errorsOf(unknown.body), [['UNKNOWN_FIELD', 'secret']]);
      const ping = await create({ url: `${receiver.url}/e`, events: ['ping'] });
      assert.deepEqual(errorsOf(ping.body), [['UNKNOWN_EVENT_TYPE', 'events[0]']]);
      const pagination = await server.call('GET', '/api/v2.0/webhooks/whk_x/deliveries?page_size=101', { token });
      assert.deepEqual(errorsOf(pagination.body), [['INVALID_PAGINATION', 'querystring.page_size']]);
    });

    it('refuses URLs that are not http(s), carry credentials or are too long with 400 INVALID_WEBHOOK_URL', async () => {
      for (const url of [
        'ftp://example.com/hook',
        'https://user:pass@example.com/hook',
        `https://example.com/${'a'.repeat(2048)}`,
        'not a url',
      ]) {
        const response = await create({ url, events: ['envelope.sent'] });
        assert.equal(response.status, 400, url);
        assert.deepEqual(errorsOf(response.body), [['INVALID_WEBHOOK_URL', 'url']], url);
      }
      const metadata = await create({ url: 'http://169.254.169.254/latest/meta-data', events: ['envelope.sent'] });
      assert.deepEqual(errorsOf(metadata.body), [['INVALID_WEBHOOK_URL', 'url']]);
      assert.match(metadata.body.errors[0].developer_message, /metadata/);
    });

    it('allows at most 20 webhooks per account: 403 WEBHOOK_LIMIT_REACHED', async () => {
      const account = await server.newAccount();
      for (let i = 0; i < 20; i++) {
        assert.equal((await create({ url: `${receiver.url}/limit/${i}`, events: ['envelope.sent'] }, account.accessToken)).status, 201);
      }
      const over = await create({ url: `${receiver.url}/limit/20`, events: ['envelope.sent'] }, account.accessToken);
      assert.equal(over.status, 403);
      assert.equal(over.body.errors[0].error_code, 'WEBHOOK_LIMIT_REACHED');
    });

    it('pages the delivery log newest first', async () => {
      const { webhook_id } = (await create({ url: `${receiver.url}/pages`, events: ['envelope.sent'] })).body.data;
      const ids = [];
      for (let i = 0; i < 3; i++) {
        ids.push((await server.call('POST', `/api/v2.0/webhooks/${webhook_id}/test`, { token })).body.data.delivery_id);
        server.clock.advance(1000);
      }
      const first = await server.call('GET', `/api/v2.0/webhooks/${webhook_id}/deliveries?page=1&page_size=2`, { token });
      const second = await server.call('GET', `/api/v2.0/webhooks/${webhook_id}/deliveries?page=2&page_size=2`, { token });
      assert.equal(first.body.data.total, 3);
      assert.deepEqual(
        [...first.body.data.deliveries, ...second.body.data.deliveries].map((d: { delivery_id: string }) => d.delivery_id),
        ids.reverse(),
      );
    });
  },
  { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } },
);

describeOnEachDatabase('webhooks without WEBHOOK_ALLOW_PRIVATE', (server) => {
  let receiver: WebhookReceiver;
  let token: string;
  before(async () => {
    receiver = await startWebhookReceiver();
    token = (await server.newAccount()).accessToken;
  });
  after(() => receiver.close());

  it('refuses loopback, private, link-local, CGNAT and unique-local addresses with 400 INVALID_WEBHOOK_URL', async () => {
    for (const url of [
      `${receiver.url}/hook`,
      'http://10.1.2.3/hook',
      'http://192.168.1.1/hook',
      'http://169.254.1.1/hook',
      'http://100.64.0.1/hook',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'http://localhost/hook',
    ]) {
      const response = await server.call('POST', '/api/v2.0/webhooks', { token, body: { url, events: ['envelope.sent'] } });
      assert.equal(response.status, 400, url);
      assert.equal(response.body.errors[0].error_code, 'INVALID_WEBHOOK_URL', url);
    }
  });

  // Behind a SIIT or NAT64 translator these reach the IPv4 address they carry: here 127.0.0.1.
  const loopbackInIPv6 = [
    ['http://[::ffff:0:7f00:1]/hook', '::ffff:0:7f00:1'], // IPv4-translated (SIIT)
    ['http://[::127.0.0.1]/hook', '::7f00:1'], // IPv4-compatible
    ['http://[64:ff9b:1::7f00:1]/hook', '64:ff9b:1::7f00:1'], // local-use NAT64
  ] as const;
  const notPublic = (address: string) =>
    `The host resolves to ${address}, which is not a public address: refused (an operator may allow private addresses with WEBHOOK_ALLOW_PRIVATE=true).`;

  it('refuses IPv6 hosts that carry a loopback IPv4 address (translated, compatible, local-use NAT64) with 400 INVALID_WEBHOOK_URL', async () => {
    for (const [url, address] of loopbackInIPv6) {
      const response = await server.call('POST', '/api/v2.0/webhooks', { token, body: { url, events: ['envelope.sent'] } });
      assert.equal(response.status, 400, url);
      assert.deepEqual(
        response.body.errors,
        [{ error_code: 'INVALID_WEBHOOK_URL', field: 'url', developer_message: notPublic(address) }],
        url,
      );
    }
    const listed = await server.call('GET', '/api/v2.0/webhooks', { token });
    assert.deepEqual(
      listed.body.data.webhooks.filter((webhook: { url: string }) => loopbackInIPv6.some(([url]) => url === webhook.url)),
      [],
    );
  });

  it('checks IPv6 hosts that carry a loopback IPv4 address again at delivery time: nothing is sent, the attempt logs why', async () => {
    for (const [url, address] of loopbackInIPv6) {
      const created = await server.call('POST', '/api/v2.0/webhooks', {
        token,
        body: { url: 'https://93.184.215.14/hook', events: ['envelope.sent'] },
      });
      assert.equal(created.status, 201);
      const { webhook_id } = created.body.data;
      // A URL stored before the check knew these forms.
      await server.service.ctx.db.updateTable('webhooks').set({ url }).where('id', '=', webhook_id).execute();
      await server.call('POST', `/api/v2.0/webhooks/${webhook_id}/test`, { token });
      await server.service.worker.drain();
      const log = await server.call('GET', `/api/v2.0/webhooks/${webhook_id}/deliveries`, { token });
      const [attempt] = log.body.data.deliveries[0].attempts;
      assert.equal(attempt.status_code, null, url);
      assert.equal(attempt.duration_ms, 0, url);
      assert.equal(attempt.error, notPublic(address), url);
    }
  });

  it('checks the address again at delivery time: a host that now resolves to a private address gets nothing', async () => {
    const created = await server.call('POST', '/api/v2.0/webhooks', {
      token,
      body: { url: 'https://93.184.215.14/hook', events: ['envelope.sent'] },
    });
    assert.equal(created.status, 201);
    const { webhook_id } = created.body.data;
    // As if its DNS answer had changed since creation (DNS rebinding): the URL now points at the receiver on loopback.
    await server.service.ctx.db
      .updateTable('webhooks')
      .set({ url: `${receiver.url}/rebound` })
      .where('id', '=', webhook_id)
      .execute();
    await server.call('POST', `/api/v2.0/webhooks/${webhook_id}/test`, { token });
    await server.service.worker.drain();
    assert.equal(receiver.received('/rebound').length, 0);
    const log = await server.call('GET', `/api/v2.0/webhooks/${webhook_id}/deliveries`, { token });
    const [attempt] = log.body.data.deliveries[0].attempts;
    assert.equal(attempt.status_code, null);
    assert.match(attempt.error, /127\.0\.0\.1, which is not a public address/);
  });
});
