import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { it } from 'node:test';
import { createAccount } from '../../../src/app/accounts/create-account.js';
import { presentCreatedAccount } from '../../../src/cli/presenters.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { assertError, type ApiResponse, type CallOptions, type TestServer } from '../../support/test-server.js';

const PER_CLIENT = 5;
const PER_ADDRESS = 3;

/** Every test speaks from addresses of its own (TRUST_PROXY trusts the loopback test client's X-Forwarded-For). */
const newAddress = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

const from =
  (server: TestServer, address: string) =>
  (method: string, path: string, options: CallOptions = {}) =>
    server.call(method, path, { ...options, headers: { ...options.headers, 'x-forwarded-for': address } });

const assertRateLimited = (response: ApiResponse, limit: number) => {
  assert.equal(response.status, 429, JSON.stringify(response.body));
  assert.equal(response.body.errors[0].error_code, 'RATE_LIMITED');
  assert.ok(Number(response.headers.get('retry-after')) > 0, 'Retry-After');
  assert.equal(response.headers.get('ratelimit-limit'), String(limit));
  assert.equal(response.headers.get('ratelimit-remaining'), '0');
};

describeOnEachDatabase(
  'abuse limits (docs/api/limits.md): per client address and per API client',
  (server) => {
    const credentialsOfNewAccount = async () =>
      presentCreatedAccount(
        await createAccount(server.service.ctx, { name: 'Abuse Test', email: `o-${randomInt(1e9)}@acme.test`, plan: 'starter' }),
      ).credentials;
    const login = (call: ReturnType<typeof from>, credentials: string) =>
      call('POST', '/api/v2.0/authorization/token', { body: { credentials } });

    it('counts every login against the client address, wrong credentials included, then answers 429 RATE_LIMITED', async () => {
      const call = from(server, newAddress());
      const credentials = await credentialsOfNewAccount();
      const wrong = Buffer.from('cli_nobody:not-a-secret').toString('base64');
      for (let i = 0; i < PER_ADDRESS; i++) assert.equal((await login(call, wrong)).status, 401);
      assertRateLimited(await login(call, credentials), PER_ADDRESS);
    });

    it('keeps a separate budget for each client address', async () => {
      const credentials = await credentialsOfNewAccount();
      const exhausted = from(server, newAddress());
      for (let i = 0; i < PER_ADDRESS; i++) await login(exhausted, credentials);
      assertRateLimited(await login(exhausted, credentials), PER_ADDRESS);
      assert.equal((await login(from(server, newAddress()), credentials)).status, 200);
    });

    it('counts bogus, missing and malformed access tokens and a wrong app_auth_type against the address', async () => {
      const call = from(server, newAddress());
      assertError(await call('GET', '/api/v2.0/account', { token: 'cs_at_bogus' }), 401, 'INVALID_ACCESS_TOKEN');
      assertError(await call('GET', '/api/v2.0/account'), 401, 'INVALID_ACCESS_TOKEN');
      assertError(await call('GET', '/api/v2.0/account', { headers: { authorization: 'Basic x' } }), 401, 'INVALID_ACCESS_TOKEN');
      assertRateLimited(await call('POST', '/api/v2.0/envelopes/env_x/cancel', { token: 'cs_at_bogus', body: {} }), PER_ADDRESS);
      assertRateLimited(await call('GET', '/api/v2.0/account', { noAppAuthType: true }), PER_ADDRESS);
    });

    it('refuses a bogus token past the limit before reading its upload', async () => {
      const call = from(server, newAddress());
      for (let i = 0; i < PER_ADDRESS; i++) await call('GET', '/api/v2.0/account', { token: 'cs_at_bogus' });
      const upload = new FormData();
      upload.append('file', new Blob([new Uint8Array(4 * 1024 * 1024)], { type: 'application/pdf' }), 'big.pdf');
      const response = await fetch(`${server.url}/api/v2.0/envelopes/upload_file`, {
        method: 'POST',
        headers: { app_auth_type: 'esign-oauth2', authorization: 'Bearer cs_at_bogus', 'x-forwarded-for': '203.0.113.77' },
        body: upload,
      });
      assertError({ status: response.status, headers: response.headers, body: await response.json() }, 401, 'INVALID_ACCESS_TOKEN');
      const limited = await call('POST', '/api/v2.0/envelopes/upload_file', {
        token: 'cs_at_bogus',
        rawBody: new Blob([new Uint8Array(1024)]),
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      assertRateLimited(limited, PER_ADDRESS);
    });

    it('does not hold failed authentication from an address against a valid token used from it', async () => {
      const address = newAddress();
      const call = from(server, address);
      const { body } = await login(from(server, newAddress()), await credentialsOfNewAccount());
      for (let i = 0; i < PER_ADDRESS + 1; i++) await call('GET', '/api/v2.0/account', { token: 'cs_at_bogus' });
      assert.equal((await call('GET', '/api/v2.0/account', { token: body.data.access_token })).status, 200);
    });

    it('limits the public signing API, signing page and verify page and upload per address', async () => {
      for (const [method, path, options] of [
        ['GET', '/api/v2.0/signing/not-a-code', {}],
        ['GET', '/sign/not-a-token', {}],
        ['GET', '/verify/env_unknown', {}],
        ['POST', '/verify/env_unknown/check', { rawBody: new Blob([new Uint8Array(64)]), headers: { 'content-type': 'application/pdf' } }],
      ] as const) {
        const call = from(server, newAddress());
        for (let i = 0; i < PER_ADDRESS; i++) assert.notEqual((await call(method, path, options)).status, 429, `${method} ${path}`);
        assertRateLimited(await call(method, path, options), PER_ADDRESS);
      }
    });

    it('keeps the budget of an API client across a fresh login (counted per client, not per token)', async () => {
      const credentials = await credentialsOfNewAccount();
      const first = await login(from(server, newAddress()), credentials);
      for (let i = 0; i < PER_CLIENT; i++) {
        assert.equal((await server.call('GET', '/api/v2.0/account', { token: first.body.data.access_token })).status, 200);
      }
      const second = await login(from(server, newAddress()), credentials);
      assert.equal(second.status, 200);
      assertRateLimited(await server.call('GET', '/api/v2.0/account', { token: second.body.data.access_token }), PER_CLIENT);
    });

    it('never limits /healthz, /readyz or the API document', async () => {
      const call = from(server, newAddress());
      for (let i = 0; i < PER_ADDRESS + 2; i++) {
        assert.equal((await call('GET', '/healthz')).status, 200);
        assert.equal((await call('GET', '/openapi.json')).status, 200);
      }
    });
  },
  {
    env: {
      RATE_LIMIT_PER_MINUTE: String(PER_CLIENT),
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: String(PER_ADDRESS),
      TRUST_PROXY: '127.0.0.1',
    },
  },
);
