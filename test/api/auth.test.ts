import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { revokeClient } from '../../src/app/accounts/revoke-client.js';
import { revokeApiClient } from '../../src/infra/db/tables/api-clients-table.js';
import { describeOnEachDatabase } from '../support/api-suite.js';
import { assertError } from '../support/test-server.js';

const TOKEN = '/api/v2.0/authorization/token';
const REFRESH = '/api/v2.0/authorization/refresh_token';

const errorCodes = (body: { errors: { error_code: string }[] }) => body.errors.map((e) => e.error_code);

describeOnEachDatabase('authentication (docs/api/authentication.md)', (server) => {
  describe('login', () => {
    it('answers 200 with a bearer token pair for valid credentials in the body', async () => {
      const account = await server.newAccount();
      const response = await server.call('POST', TOKEN, { body: { credentials: account.credentials } });
      assert.equal(response.status, 200);
      const { data } = response.body;
      assert.match(data.access_token, /^cs_at_/);
      assert.match(data.refresh_token, /^cs_rt_/);
      assert.equal(data.token_type, 'bearer');
      const lifetime = data.expires_in - Math.floor(server.clock.now().getTime() / 1000);
      assert.equal(lifetime, 3600);
      assert.equal(typeof response.body.message, 'string');
    });

    it('accepts the credentials as an Authorization: Basic header without a body', async () => {
      const account = await server.newAccount();
      const response = await server.call('POST', TOKEN, { headers: { authorization: `Basic ${account.credentials}` } });
      assert.equal(response.status, 200);
      assert.match(response.body.data.access_token, /^cs_at_/);
    });

    it('answers 400 CREDENTIALS_REQUIRED without credentials, and for empty ones', async () => {
      for (const body of [{}, { credentials: '' }]) {
        const response = await server.call('POST', TOKEN, { body });
        assert.equal(response.status, 400);
        assert.deepEqual(errorCodes(response.body), ['CREDENTIALS_REQUIRED']);
      }
    });

    it('answers 401 INVALID_CREDENTIALS for a wrong secret, an unknown client or garbage', async () => {
      const account = await server.newAccount();
      const wrongSecret = Buffer.from(`${account.client_id}:nope`).toString('base64');
      const unknownClient = Buffer.from(`cli_unknown:${account.client_secret}`).toString('base64');
      for (const credentials of [wrongSecret, unknownClient, 'not-base64-at-all!!']) {
        const response = await server.call('POST', TOKEN, { body: { credentials } });
        assert.equal(response.status, 401, credentials);
        assert.deepEqual(errorCodes(response.body), ['INVALID_CREDENTIALS']);
      }
    });

    it('answers 401 INVALID_AUTH_TYPE when app_auth_type is missing or different', async () => {
      const account = await server.newAccount();
      const missing = await server.call('POST', TOKEN, { body: { credentials: account.credentials }, noAppAuthType: true });
      const wrong = await server.call('POST', TOKEN, {
        body: { credentials: account.credentials },
        noAppAuthType: true,
        headers: { app_auth_type: 'oauth2' },
      });
      for (const response of [missing, wrong]) {
        assert.equal(response.status, 401);
        assert.deepEqual(errorCodes(response.body), ['INVALID_AUTH_TYPE']);
      }
    });

    it('answers 400 UNKNOWN_FIELD for a field the contract does not define', async () => {
      const response = await server.call('POST', TOKEN, { body: { credentials: 'x', password: 'y' } });
      assert.equal(response.status, 400);
      assert.deepEqual(response.body.errors, [
        { error_code: 'UNKNOWN_FIELD', developer_message: 'Unknown field "password".', field: 'password' },
      ]);
    });

    it('answers 400 MALFORMED_JSON for a body that is not JSON', async () => {
      const response = await server.call('POST', TOKEN, { rawBody: '{"credentials": ', headers: { 'content-type': 'application/json' } });
      assert.equal(response.status, 400);
      assert.deepEqual(errorCodes(response.body), ['MALFORMED_JSON']);
    });
  });

  describe('refresh', () => {
    it('rotates: returns a new pair, and the new access token works', async () => {
      const account = await server.newAccount();
      const response = await server.call('POST', REFRESH, {
        body: { access_token: account.accessToken, refresh_token: account.refreshToken },
      });
      assert.equal(response.status, 200);
      const { data } = response.body;
      assert.notEqual(data.refresh_token, account.refreshToken);
      assert.notEqual(data.access_token, account.accessToken);
      assert.equal(data.token_type, 'bearer');
      const me = await server.call('GET', '/api/v2.0/account', { token: data.access_token });
      assert.equal(me.status, 200);
    });

    it('answers 400 REFRESH_TOKEN_REQUIRED when refresh_token is empty or missing', async () => {
      const account = await server.newAccount();
      for (const body of [{ access_token: account.accessToken, refresh_token: '' }, { access_token: account.accessToken }]) {
        const response = await server.call('POST', REFRESH, { body });
        assert.equal(response.status, 400);
        assert.deepEqual(errorCodes(response.body), ['REFRESH_TOKEN_REQUIRED']);
      }
    });

    it('answers 400 ACCESS_TOKEN_REQUIRED when access_token is empty or missing', async () => {
      const account = await server.newAccount();
      for (const body of [{ access_token: '', refresh_token: account.refreshToken }, { refresh_token: account.refreshToken }]) {
        const response = await server.call('POST', REFRESH, { body });
        assert.equal(response.status, 400);
        assert.deepEqual(errorCodes(response.body), ['ACCESS_TOKEN_REQUIRED']);
      }
    });

    it('reports both missing tokens at once', async () => {
      const response = await server.call('POST', REFRESH, { body: {} });
      assert.equal(response.status, 400);
      assert.deepEqual(errorCodes(response.body).sort(), ['ACCESS_TOKEN_REQUIRED', 'REFRESH_TOKEN_REQUIRED']);
    });

    it('answers 401 INVALID_REFRESH_TOKEN for an unknown token or a pair that does not belong together', async () => {
      const first = await server.newAccount();
      const second = await server.newAccount();
      const unknown = await server.call('POST', REFRESH, { body: { access_token: first.accessToken, refresh_token: 'cs_rt_unknown' } });
      const mismatched = await server.call('POST', REFRESH, {
        body: { access_token: second.accessToken, refresh_token: first.refreshToken },
      });
      for (const response of [unknown, mismatched]) {
        assert.equal(response.status, 401);
        assert.deepEqual(errorCodes(response.body), ['INVALID_REFRESH_TOKEN']);
      }
      const stillUsable = await server.call('POST', REFRESH, {
        body: { access_token: first.accessToken, refresh_token: first.refreshToken },
      });
      assert.equal(stillUsable.status, 200, 'a mismatched pair must not consume the refresh token');
    });

    it('answers 401 REFRESH_TOKEN_REUSED for a retired refresh token and revokes the whole token family', async () => {
      const account = await server.newAccount();
      const rotated = await server.call('POST', REFRESH, {
        body: { access_token: account.accessToken, refresh_token: account.refreshToken },
      });
      assert.equal(rotated.status, 200);
      const reused = await server.call('POST', REFRESH, {
        body: { access_token: account.accessToken, refresh_token: account.refreshToken },
      });
      assert.equal(reused.status, 401);
      assert.deepEqual(errorCodes(reused.body), ['REFRESH_TOKEN_REUSED']);

      const descendant = rotated.body.data;
      const withNewAccess = await server.call('GET', '/api/v2.0/account', { token: descendant.access_token });
      assert.equal(withNewAccess.status, 401);
      assert.deepEqual(errorCodes(withNewAccess.body), ['INVALID_ACCESS_TOKEN']);
      const withNewRefresh = await server.call('POST', REFRESH, {
        body: { access_token: descendant.access_token, refresh_token: descendant.refresh_token },
      });
      assert.equal(withNewRefresh.status, 401);
      assert.deepEqual(errorCodes(withNewRefresh.body), ['INVALID_REFRESH_TOKEN']);

      const freshLogin = await server.call('POST', TOKEN, { body: { credentials: account.credentials } });
      assert.equal(freshLogin.status, 200, 'another login of the same client is a different family');
    });

    it('needs app_auth_type but no Authorization header', async () => {
      const account = await server.newAccount();
      const response = await server.call('POST', REFRESH, {
        body: { access_token: account.accessToken, refresh_token: account.refreshToken },
        noAppAuthType: true,
      });
      assert.equal(response.status, 401);
      assert.deepEqual(errorCodes(response.body), ['INVALID_AUTH_TYPE']);
    });
  });

  describe('access tokens', () => {
    it('answers 401 INVALID_ACCESS_TOKEN without a token, with an unknown one, or a malformed header', async () => {
      const responses = [
        await server.call('GET', '/api/v2.0/account'),
        await server.call('GET', '/api/v2.0/account', { token: 'cs_at_unknown' }),
        await server.call('GET', '/api/v2.0/account', { headers: { authorization: 'Token abc' } }),
      ];
      for (const response of responses) {
        assert.equal(response.status, 401);
        assert.deepEqual(errorCodes(response.body), ['INVALID_ACCESS_TOKEN']);
      }
    });

    it('answers 401 INVALID_AUTH_TYPE on an authenticated route without app_auth_type', async () => {
      const account = await server.newAccount();
      const response = await server.call('GET', '/api/v2.0/account', { token: account.accessToken, noAppAuthType: true });
      assert.equal(response.status, 401);
      assert.deepEqual(errorCodes(response.body), ['INVALID_AUTH_TYPE']);
    });

    it('expires an access token after an hour, and a refresh then restores access', async () => {
      const account = await server.newAccount();
      server.clock.advanceSeconds(3601);
      try {
        const expired = await server.call('GET', '/api/v2.0/account', { token: account.accessToken });
        assert.equal(expired.status, 401);
        assert.deepEqual(errorCodes(expired.body), ['INVALID_ACCESS_TOKEN']);
        const refreshed = await server.call('POST', REFRESH, {
          body: { access_token: account.accessToken, refresh_token: account.refreshToken },
        });
        assert.equal(refreshed.status, 200);
        const me = await server.call('GET', '/api/v2.0/account', { token: refreshed.body.data.access_token });
        assert.equal(me.status, 200);
      } finally {
        server.clock.advanceSeconds(-3601);
      }
    });

    it('rejects a refresh token older than 30 days with 401 INVALID_REFRESH_TOKEN', async () => {
      const account = await server.newAccount();
      server.clock.advanceDays(31);
      try {
        const response = await server.call('POST', REFRESH, {
          body: { access_token: account.accessToken, refresh_token: account.refreshToken },
        });
        assert.equal(response.status, 401);
        assert.deepEqual(errorCodes(response.body), ['INVALID_REFRESH_TOKEN']);
      } finally {
        server.clock.advanceDays(-31);
      }
    });
  });

  describe('access-token cache (docs/operations/scaling.md)', () => {
    const ACCOUNT = '/api/v2.0/account';

    it("refuses a revoked client's token on the very next request, though it was just accepted", async () => {
      const account = await server.newAccount();
      assert.equal((await server.call('GET', ACCOUNT, { token: account.accessToken })).status, 200);
      await revokeClient(server.service.ctx, account.client_id);
      const after = await server.call('GET', ACCOUNT, { token: account.accessToken });
      assert.equal(after.status, 401);
      assert.deepEqual(errorCodes(after.body), ['INVALID_ACCESS_TOKEN']);
    });

    it('refuses every access token of the family at once when a refresh token is reused, though each was just accepted', async () => {
      const account = await server.newAccount();
      const rotated = await server.call('POST', REFRESH, {
        body: { access_token: account.accessToken, refresh_token: account.refreshToken },
      });
      const descendant = rotated.body.data.access_token;
      for (const token of [account.accessToken, descendant]) assert.equal((await server.call('GET', ACCOUNT, { token })).status, 200);

      const reused = await server.call('POST', REFRESH, {
        body: { access_token: account.accessToken, refresh_token: account.refreshToken },
      });
      assert.deepEqual(errorCodes(reused.body), ['REFRESH_TOKEN_REUSED']);
      for (const token of [account.accessToken, descendant]) {
        const after = await server.call('GET', ACCOUNT, { token });
        assert.equal(after.status, 401);
        assert.deepEqual(errorCodes(after.body), ['INVALID_ACCESS_TOKEN']);
      }
    });

    it('refuses a token past its expiry even though it was accepted moments before', async () => {
      const account = await server.newAccount();
      server.clock.advanceSeconds(3590);
      try {
        assert.equal((await server.call('GET', ACCOUNT, { token: account.accessToken })).status, 200);
        server.clock.advanceSeconds(10);
        const expired = await server.call('GET', ACCOUNT, { token: account.accessToken });
        assert.equal(expired.status, 401);
        assert.deepEqual(errorCodes(expired.body), ['INVALID_ACCESS_TOKEN']);
      } finally {
        server.clock.advanceSeconds(-3600);
      }
    });

    it('sees a revocation made by another process (the CLI) within 30 seconds, when it checks the token again', async () => {
      const account = await server.newAccount();
      assert.equal((await server.call('GET', ACCOUNT, { token: account.accessToken })).status, 200);
      // What `countersign client revoke` does from its own process: the row changes, this server's cache is not told.
      await revokeApiClient(server.service.ctx.db, account.client_id, server.clock.now().toISOString());
      assert.equal((await server.call('GET', ACCOUNT, { token: account.accessToken })).status, 200, 'still the cached answer');
      server.clock.advance(30_001);
      try {
        const after = await server.call('GET', ACCOUNT, { token: account.accessToken });
        assert.equal(after.status, 401);
        assert.deepEqual(errorCodes(after.body), ['INVALID_ACCESS_TOKEN']);
      } finally {
        server.clock.advance(-30_001);
      }
    });

    it("learns of another process's revocation at once from a refresh or a login that meets it", async () => {
      for (const meet of ['refresh', 'login'] as const) {
        const account = await server.newAccount();
        assert.equal((await server.call('GET', ACCOUNT, { token: account.accessToken })).status, 200);
        await revokeApiClient(server.service.ctx.db, account.client_id, server.clock.now().toISOString());
        const met =
          meet === 'refresh'
            ? await server.call('POST', REFRESH, { body: { access_token: account.accessToken, refresh_token: account.refreshToken } })
            : await server.call('POST', TOKEN, { body: { credentials: account.credentials } });
        assertError(met, 401, meet === 'refresh' ? 'INVALID_REFRESH_TOKEN' : 'INVALID_CREDENTIALS');
        assertError(await server.call('GET', ACCOUNT, { token: account.accessToken }), 401, 'INVALID_ACCESS_TOKEN');
      }
    });
  });

  describe('GET /account', () => {
    it('answers the account, its owner and its quota', async () => {
      const account = await server.newAccount('business');
      const response = await server.call('GET', '/api/v2.0/account', { token: account.accessToken });
      assert.equal(response.status, 200);
      const { data } = response.body;
      assert.equal(data.account_id, account.account_id);
      assert.equal(data.name, 'Acme Test');
      assert.equal(data.plan, 'business');
      assert.match(data.owner.email, /@acme\.test$/);
      assert.equal(data.envelope_quota.monthly_limit, 5000);
      assert.equal(data.envelope_quota.used_this_month, 0);
      const now = server.clock.now();
      assert.equal(data.envelope_quota.resets_at, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
    });

    it('shows an unlimited plan as monthly_limit null', async () => {
      const account = await server.newAccount('enterprise');
      const response = await server.call('GET', '/api/v2.0/account', { token: account.accessToken });
      assert.equal(response.body.data.envelope_quota.monthly_limit, null);
    });

    it('answers under every variant prefix of the original listings', async () => {
      const account = await server.newAccount();
      for (const prefix of ['/api/v2.0', '/v2.0', '/api/2.0', '/apiv2.0']) {
        const response = await server.call('GET', `${prefix}/account`, { token: account.accessToken });
        assert.equal(response.status, 200, prefix);
        assert.equal(response.body.data.account_id, account.account_id);
      }
    });
  });

  describe('conventions (docs/api/conventions.md)', () => {
    it('puts an X-Request-Id on every response, success or error', async () => {
      const ok = await server.call('GET', '/healthz');
      const error = await server.call('GET', '/api/v2.0/account');
      assert.match(ok.headers.get('x-request-id') ?? '', /^req_/);
      assert.match(error.headers.get('x-request-id') ?? '', /^req_/);
    });

    it('answers 404 ROUTE_NOT_FOUND in the error shape for an unknown route', async () => {
      const response = await server.call('GET', '/api/v2.0/nothing-here');
      assert.equal(response.status, 404);
      assert.deepEqual(errorCodes(response.body), ['ROUTE_NOT_FOUND']);
    });

    it('answers /healthz and /readyz without authentication', async () => {
      for (const path of ['/healthz', '/readyz']) {
        const response = await server.call('GET', path, { noAppAuthType: true });
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { status: 'ok' });
      }
    });

    it('serves the OpenAPI document with the auth routes, and the docs page', async () => {
      const spec = await server.call('GET', '/openapi.json', { noAppAuthType: true });
      assert.equal(spec.status, 200);
      assert.equal(spec.body.openapi, '3.1.0');
      assert.equal(spec.body.paths['/api/v2.0/authorization/token'].post.operationId, 'login');
      assert.equal(spec.body.paths['/api/v2.0/authorization/refresh_token'].post.operationId, 'refreshToken');
      const docs = await server.call('GET', '/docs/', { noAppAuthType: true });
      assert.equal(docs.status, 200);
      assert.match(String(docs.body), /swagger/i);
    });
  });
});
