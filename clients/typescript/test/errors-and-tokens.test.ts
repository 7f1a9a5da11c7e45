import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../../test/support/api-suite.js';
import { createEnvelope } from '../../../test/support/envelopes.js';
import { CountersignClient, CountersignError } from '../src/index.js';

const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

describeOnEachDatabase('@countersign/client errors and tokens', (server) => {
  let account: Awaited<ReturnType<typeof server.newAccount>>;
  const requests: { call: string; status: number }[] = [];

  const clientOf = (owner: typeof account, options: { now?: () => number } = {}) =>
    new CountersignClient({
      baseUrl: `${server.url}/`,
      clientId: owner.client_id,
      clientSecret: owner.client_secret,
      ...options,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        requests.push({ call: `${init?.method} ${new URL(String(input)).pathname}`, status: response.status });
        return response;
      },
    });
  const refused = (call: Promise<unknown>) =>
    call.then(
      () => assert.fail('the call succeeded'),
      (error: unknown) => {
        assert.ok(error instanceof CountersignError, String(error));
        return error;
      },
    );
  const callsSince = (start: number) => requests.slice(start).map(({ call, status }) => `${status} ${call}`);

  before(async () => {
    account = await server.newAccount();
  });

  it("answers a typed 404 ENVELOPE_NOT_FOUND for an unknown id and for another account's envelope", async () => {
    const client = clientOf(account);
    const unknown = await refused(client.getEnvelopeDetails({ envelopeId: 'env_unknown' }));
    assert.equal(unknown.status, 404);
    assert.equal(unknown.errorCode, 'ENVELOPE_NOT_FOUND');
    assert.ok(unknown.errors[0]!.developer_message);
    assert.match(unknown.requestId ?? '', /^[A-Za-z0-9._-]+$/);
    const other = await server.newAccount();
    const theirs = await createEnvelope(server, other.accessToken);
    const foreign = await refused(client.getEnvelopeDetails({ envelopeId: theirs.envelope_id }));
    assert.deepEqual([foreign.status, foreign.errorCode], [404, 'ENVELOPE_NOT_FOUND']);
  });

  it('answers a typed 400 naming the field at fault', async () => {
    const client = clientOf(account);
    const error = await refused(client.listEnvelopes({ body: { page_size: 1000 } }));
    assert.equal(error.status, 400);
    assert.equal(error.errorCode, 'INVALID_PAGINATION');
    assert.equal(error.errors[0]!.field, 'page_size');
  });

  it('refuses wrong credentials with a typed 401 INVALID_CREDENTIALS from the automatic login', async () => {
    const client = clientOf({ ...account, client_secret: 'not-the-secret' });
    const error = await refused(client.getAccount());
    assert.deepEqual([error.status, error.errorCode], [401, 'INVALID_CREDENTIALS']);
  });

  it('refreshes once when the service refuses an expired access token, for every call waiting on it, and keeps the rotated refresh token', async () => {
    const client = clientOf(account);
    await client.getAccount();
    const start = requests.length;
    server.clock.advanceSeconds(ACCESS_TOKEN_LIFETIME_SECONDS + 1);
    const accounts = await Promise.all([client.getAccount(), client.getAccount(), client.getAccount(), client.getAccountStatistics()]);
    assert.ok(accounts.every(Boolean));
    const calls = callsSince(start);
    assert.deepEqual(
      calls.filter((call) => call.includes('/authorization/')),
      ['200 POST /api/v2.0/authorization/refresh_token'],
    );
    assert.equal(calls.filter((call) => call.startsWith('401')).length, 4);

    // A second expiry refreshes with the rotated token: the first one is retired, and presenting it would revoke the family.
    const again = requests.length;
    server.clock.advanceSeconds(ACCESS_TOKEN_LIFETIME_SECONDS + 1);
    assert.equal((await client.getAccount()).account_id, account.account_id);
    assert.deepEqual(
      callsSince(again).filter((call) => call.includes('/authorization/')),
      ['200 POST /api/v2.0/authorization/refresh_token'],
    );
  });

  it('refreshes before the access token expires by its own clock, without a refused call', async () => {
    const client = clientOf(account, { now: () => server.clock.now().getTime() });
    await client.getAccount();
    const start = requests.length;
    server.clock.advanceSeconds(ACCESS_TOKEN_LIFETIME_SECONDS - 30);
    await client.getAccount();
    assert.deepEqual(callsSince(start), ['200 POST /api/v2.0/authorization/refresh_token', '200 GET /api/v2.0/account']);
  });

  it('logs in afresh when its refresh token no longer works', async () => {
    const client = clientOf(account);
    await client.getAccount();
    await server.service.ctx.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(0).toISOString() })
      .execute();
    const start = requests.length;
    server.clock.advanceSeconds(ACCESS_TOKEN_LIFETIME_SECONDS + 1);
    await client.getAccount();
    assert.deepEqual(
      callsSince(start).filter((call) => call.includes('/authorization/')),
      ['401 POST /api/v2.0/authorization/refresh_token', '200 POST /api/v2.0/authorization/token'],
    );
  });
});
