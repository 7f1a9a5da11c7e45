import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { ssoRedirectUri } from '../../src/app/sso/sso-redirect-uri.js';
import { sendLoginLink } from '../../src/app/users/send-login-link.js';
import { operatorLoginLink } from '../../src/app/users/operator-login-link.js';
import { inviteUser } from '../../src/app/users/invite-user.js';
import { listSecurityEvents } from '../../src/infra/db/tables/security-events-table.js';
import { readUsersByEmail, setPasswordHash } from '../../src/infra/db/tables/users-table.js';
import { hashPassword } from '../../src/infra/password-hash.js';
import { describeOnEachDatabase } from '../support/api-suite.js';
import { exchangeConsoleSession, signInNewConsoleUser } from '../support/console-users.js';
import { startTestIdentityProvider, type TestIdentityProvider } from '../support/oidc-provider.js';
import { recipientOf } from '../support/smtp-sink.js';
import { CookieJar, ssoUpToCallback } from '../support/sso-browser.js';
import { assertError, type TestServer } from '../support/test-server.js';

const PASSWORD = 'copper kettle orbit lantern';
let sequence = 0;
const unique = () => `${++sequence}-${Date.now().toString(36)}`;

/** An account of its own with a domain of its own: the suite's accounts share one server. */
const newSsoAccount = async (server: TestServer) => {
  const account = await server.newAccount();
  return { ...account, domain: `acme-${unique()}.test` };
};

const ssoBody = (idp: TestIdentityProvider, domain: string, overrides: Record<string, unknown> = {}) => ({
  issuer: idp.issuer,
  client_id: idp.client.clientId,
  client_secret: idp.client.clientSecret,
  email_domains: [domain],
  default_role: 'sender',
  enforced: false,
  ...overrides,
});

const putSso = (server: TestServer, token: string, body: unknown) => server.call('PUT', '/api/v2.0/account/sso', { token, body });

/** A tiny HTTP server whose discovery document the test writes: what a misconfigured provider answers. */
const startFakeIssuer = async (answer: (issuer: string) => { type: string; body: string }) => {
  const server: Server = createServer((_req, res) => {
    const { type, body } = answer(issuerOf());
    res.writeHead(200, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuerOf = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer: issuerOf(), close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

const refusedWith = (response: Response, code: string) => {
  assert.equal(response.status, 303);
  assert.equal(response.headers.get('location'), `/?sso_error=${code}`);
  assert.ok(!response.headers.getSetCookie().some((cookie) => cookie.startsWith('countersign_session=')), 'no session cookie');
};

describeOnEachDatabase(
  'Single sign-on (OIDC) against a real provider',
  (server, sink) => {
    let idp: TestIdentityProvider;
    let account: Awaited<ReturnType<typeof newSsoAccount>>;

    before(async () => {
      idp = await startTestIdentityProvider(ssoRedirectUri(server.service.ctx.config));
      account = await newSsoAccount(server);
      const saved = await putSso(server, account.accessToken, ssoBody(idp, account.domain));
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
    });
    after(() => idp?.close());

    const callback = async (email: string, identity: { email_verified?: boolean; name?: string; as?: string } = {}) => {
      idp.signInAs({
        email: identity.as ?? email,
        email_verified: identity.email_verified ?? true,
        ...(identity.name ? { name: identity.name } : {}),
      });
      const trip = await ssoUpToCallback(server, email);
      return { ...trip, response: await trip.jar.get(trip.serverCallbackUrl) };
    };

    const eventsOf = async (accountId: string) =>
      (await listSecurityEvents(server.service.ctx.db, accountId, { limit: 50, offset: 0 })).events;

    it('answers GET with the settings and the redirect URI, never the client secret, which nothing logs either', async () => {
      const got = await server.call('GET', '/api/v2.0/account/sso', { token: account.accessToken });
      assert.equal(got.status, 200);
      assert.deepEqual(
        { ...got.body.data, created_at: undefined, updated_at: undefined },
        {
          issuer: idp.issuer,
          client_id: idp.client.clientId,
          client_secret_set: true,
          email_domains: [account.domain],
          default_role: 'sender',
          enforced: false,
          redirect_uri: ssoRedirectUri(server.service.ctx.config),
          created_at: undefined,
          updated_at: undefined,
        },
      );
      assert.ok(!JSON.stringify(got.body).includes(idp.client.clientSecret));
      assert.ok(!server.loggedText().includes(idp.client.clientSecret), 'the secret is never logged');
      const stored = await server.service.ctx.db.selectFrom('sso_configs').select('client_secret').executeTakeFirstOrThrow();
      assert.ok(!stored.client_secret.includes(idp.client.clientSecret), 'stored sealed');
      const [changed] = (await eventsOf(account.account_id)).filter((event) => event.type === 'sso_changed');
      assert.equal(changed?.detail, 'configured');
    });

    it('signs an existing user of the account in: the callback sets the session cookie on a page that continues to /', async () => {
      const email = `colleague-${unique()}@${account.domain}`;
      const user = await inviteUser(server.service.ctx, { accountId: account.account_id, email, name: 'Grace Hopper', role: 'admin' });
      const { response } = await callback(email);
      assert.equal(response.status, 200);
      const html = await response.text();
      assert.match(html, /<meta http-equiv="refresh" content="0; url=\/">/);
      assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'self'/);
      const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('countersign_session='))!;
      assert.match(session, /HttpOnly; SameSite=Strict/);
      const exchanged = await exchangeConsoleSession(server, session.split(';')[0]!);
      assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
      assert.equal(exchanged.body.data.user.user_id, user.id);
      const signIn = (await eventsOf(account.account_id)).find((event) => event.type === 'sign_in' && event.userId === user.id);
      assert.equal(signIn?.method, 'sso');
    });

    it('creates a new person just in time with the default role (sender) and the name from the token', async () => {
      const email = `New.Person-${unique()}@${account.domain.toUpperCase()}`;
      const { response } = await callback(email, { name: 'Katherine Johnson' });
      assert.equal(response.status, 200);
      const [user] = await readUsersByEmail(server.service.ctx.db, email.toLowerCase());
      assert.equal(user?.accountId, account.account_id);
      assert.equal(user?.role, 'sender');
      assert.equal(user?.name, 'Katherine Johnson');
      const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('countersign_session='))!;
      const token = (await exchangeConsoleSession(server, session.split(';')[0]!)).body.data.access_token as string;
      assertError(await server.call('GET', '/api/v2.0/account/sso', { token }), 403, 'ROLE_FORBIDDEN');
      const signIn = (await eventsOf(account.account_id)).find((event) => event.type === 'sign_in' && event.userId === user!.id);
      assert.equal(signIn?.detail, 'new sender (just in time)');
    });

    it('names a just-in-time user by their address when the token has no name', async () => {
      const email = `nameless-${unique()}@${account.domain}`;
      assert.equal((await callback(email)).response.status, 200);
      assert.equal((await readUsersByEmail(server.service.ctx.db, email))[0]?.name, email);
    });

    it('refuses a tampered state with SSO_STATE_INVALID, and a state once used, and one from another browser', async () => {
      const email = `state-${unique()}@${account.domain}`;
      idp.signInAs({ email, email_verified: true });
      const trip = await ssoUpToCallback(server, email);
      const tampered = new URL(trip.serverCallbackUrl);
      tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
      refusedWith(await trip.jar.get(tampered), 'SSO_STATE_INVALID');

      const other = await ssoUpToCallback(server, email);
      refusedWith(await new CookieJar().get(other.serverCallbackUrl), 'SSO_STATE_INVALID');
      refusedWith(await other.jar.get(other.serverCallbackUrl), 'SSO_STATE_INVALID');

      const fine = await ssoUpToCallback(server, email);
      assert.equal((await fine.jar.get(fine.serverCallbackUrl)).status, 200);
      refusedWith(await fine.jar.get(fine.serverCallbackUrl), 'SSO_STATE_INVALID');
    });

    it('refuses a state older than ten minutes with SSO_STATE_INVALID', async () => {
      const email = `slow-${unique()}@${account.domain}`;
      idp.signInAs({ email, email_verified: true });
      const trip = await ssoUpToCallback(server, email);
      server.clock.advance(601_000);
      try {
        refusedWith(await trip.jar.get(trip.serverCallbackUrl), 'SSO_STATE_INVALID');
      } finally {
        server.clock.advance(-601_000);
      }
      assert.equal((await readUsersByEmail(server.service.ctx.db, email)).length, 0);
    });

    it('refuses an ID token for another audience with SSO_TOKEN_INVALID and creates nobody', async () => {
      const email = `audience-${unique()}@${account.domain}`;
      idp.signInAs({ email, email_verified: true });
      const trip = await ssoUpToCallback(server, email);
      idp.tamperNextIdToken((claims) => ({ ...claims, aud: idp.otherClient.clientId }));
      refusedWith(await trip.jar.get(trip.serverCallbackUrl), 'SSO_TOKEN_INVALID');
      assert.equal((await readUsersByEmail(server.service.ctx.db, email)).length, 0);
      const refused = (await eventsOf(account.account_id)).filter((event) => event.type === 'sso_refused' && event.userEmail === null);
      assert.ok(refused.some((event) => event.detail === 'SSO_TOKEN_INVALID' && event.method === 'sso'));
    });

    it('refuses an expired ID token with SSO_TOKEN_INVALID and creates nobody', async () => {
      const email = `expired-${unique()}@${account.domain}`;
      idp.signInAs({ email, email_verified: true });
      const trip = await ssoUpToCallback(server, email);
      const hourAgo = Math.floor(Date.now() / 1000) - 3600;
      idp.tamperNextIdToken((claims) => ({ ...claims, iat: hourAgo - 600, exp: hourAgo }));
      refusedWith(await trip.jar.get(trip.serverCallbackUrl), 'SSO_TOKEN_INVALID');
      assert.equal((await readUsersByEmail(server.service.ctx.db, email)).length, 0);
    });

    it("judges the ID token's expiry by the server's clock", async () => {
      const email = `late-clock-${unique()}@${account.domain}`;
      idp.signInAs({ email, email_verified: true });
      const trip = await ssoUpToCallback(server, email);
      // Within the state's ten minutes, past a token that expires in one.
      idp.tamperNextIdToken((claims) => ({ ...claims, exp: Math.floor(Date.now() / 1000) + 60 }));
      server.clock.advance(300_000);
      try {
        refusedWith(await trip.jar.get(trip.serverCallbackUrl), 'SSO_TOKEN_INVALID');
      } finally {
        server.clock.advance(-300_000);
      }
    });

    it('refuses an unverified address with SSO_EMAIL_UNVERIFIED and creates nobody', async () => {
      const email = `unverified-${unique()}@${account.domain}`;
      const { response } = await callback(email, { email_verified: false });
      refusedWith(response, 'SSO_EMAIL_UNVERIFIED');
      assert.equal((await readUsersByEmail(server.service.ctx.db, email)).length, 0);
      const refused = (await eventsOf(account.account_id)).find((event) => event.type === 'sso_refused' && event.userEmail === email);
      assert.equal(refused?.detail, 'SSO_EMAIL_UNVERIFIED');
    });

    it("refuses an address outside the account's domains, and another account's user, with SSO_EMAIL_OUTSIDE_DOMAINS", async () => {
      const outsider = `someone-${unique()}@elsewhere.test`;
      refusedWith((await callback(`x-${unique()}@${account.domain}`, { as: outsider })).response, 'SSO_EMAIL_OUTSIDE_DOMAINS');
      assert.equal((await readUsersByEmail(server.service.ctx.db, outsider)).length, 0);

      const other = await server.newAccount();
      const theirs = `theirs-${unique()}@${account.domain}`;
      await inviteUser(server.service.ctx, { accountId: other.account_id, email: theirs, name: 'Not ours', role: 'admin' });
      refusedWith((await callback(theirs)).response, 'SSO_EMAIL_OUTSIDE_DOMAINS');
      const users = await readUsersByEmail(server.service.ctx.db, theirs);
      assert.deepEqual(
        users.map((user) => user.accountId),
        [other.account_id],
      );
    });

    it('answers sso/start 404 SSO_NOT_CONFIGURED for a domain no account holds (a page for a browser), 400 INVALID_EMAIL for no address', async () => {
      const start = (email: string, headers: Record<string, string> = {}) =>
        fetch(`${server.url}/console/sso/start?email=${encodeURIComponent(email)}`, { redirect: 'manual', headers });
      const json = await start('ada@nobody-has-this.test');
      assert.equal(json.status, 404);
      assert.deepEqual((await json.json()).errors[0].error_code, 'SSO_NOT_CONFIGURED');
      const page = await start('ada@nobody-has-this.test', { accept: 'text/html,application/xhtml+xml' });
      assert.equal(page.status, 404);
      assert.match(await page.text(), /Single sign-on is not set up for this address/);
      const bad = await start('not-an-address');
      assert.equal(bad.status, 400);
      assert.equal((await bad.json()).errors[0].error_code, 'INVALID_EMAIL');
    });

    it('answers PUT 409 SSO_DOMAIN_TAKEN for a domain another account holds, and saves nothing', async () => {
      const other = await server.newAccount();
      const taken = await putSso(server, other.accessToken, ssoBody(idp, account.domain.toUpperCase()));
      const error = assertError(taken, 409, 'SSO_DOMAIN_TAKEN');
      assert.equal(error.field, 'email_domains');
      assertError(
        await putSso(
          server,
          other.accessToken,
          ssoBody(idp, `free-${unique()}.test`, { email_domains: [`free-${unique()}.test`, account.domain] }),
        ),
        409,
        'SSO_DOMAIN_TAKEN',
      );
      assertError(await server.call('GET', '/api/v2.0/account/sso', { token: other.accessToken }), 404, 'SSO_NOT_CONFIGURED');
    });

    it('lets only one of two accounts racing for a domain have it', async () => {
      const [first, second] = await Promise.all([server.newAccount(), server.newAccount()]);
      const domain = `contested-${unique()}.test`;
      const answers = await Promise.all([first, second].map((racer) => putSso(server, racer.accessToken, ssoBody(idp, domain))));
      assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409]);
      const holders = await server.service.ctx.db.selectFrom('sso_domains').selectAll().where('domain', '=', domain).execute();
      assert.equal(holders.length, 1);
    });

    it('answers the first PUT without a client secret 400 FIELD_REQUIRED; a later one keeps the stored secret', async () => {
      const other = await newSsoAccount(server);
      const { client_secret: _secret, ...withoutSecret } = ssoBody(idp, other.domain);
      const error = assertError(await putSso(server, other.accessToken, withoutSecret), 400, 'FIELD_REQUIRED');
      assert.equal(error.field, 'client_secret');
      assert.equal((await putSso(server, other.accessToken, ssoBody(idp, other.domain))).status, 200);
      const kept = await putSso(server, other.accessToken, { ...withoutSecret, default_role: 'admin' });
      assert.equal(kept.status, 200, JSON.stringify(kept.body));
      assert.equal(kept.body.data.default_role, 'admin');
      const email = `kept-${unique()}@${other.domain}`;
      idp.signInAs({ email, email_verified: true });
      const trip = await ssoUpToCallback(server, email);
      assert.equal((await trip.jar.get(trip.serverCallbackUrl)).status, 200, 'the kept secret still redeems codes');
      assert.equal((await readUsersByEmail(server.service.ctx.db, email))[0]?.role, 'admin');
      const changes = (await eventsOf(other.account_id)).filter((event) => event.type === 'sso_changed');
      assert.deepEqual(changes.map((event) => event.detail).sort(), ['changed: default_role', 'configured']);
    });

    it('answers 400 INVALID_FIELD for bad e-mail domains, none, or more than 50, and INVALID_ROLE for an unknown role', async () => {
      for (const email_domains of [
        [],
        ['not a domain'],
        ['@acme.test'],
        ['*.acme.test'],
        ['localhost'],
        Array.from({ length: 51 }, (_, i) => `d${i}.test`),
      ]) {
        assertError(await putSso(server, account.accessToken, ssoBody(idp, 'x.test', { email_domains })), 400, 'INVALID_FIELD');
      }
      assertError(await putSso(server, account.accessToken, ssoBody(idp, account.domain, { default_role: 'owner' })), 400, 'INVALID_ROLE');
      assertError(await putSso(server, account.accessToken, ssoBody(idp, account.domain, { extra: true })), 400, 'UNKNOWN_FIELD');
    });

    it('answers 400 SSO_DISCOVERY_FAILED for an issuer without a usable discovery document', async () => {
      const notJson = await startFakeIssuer(() => ({ type: 'text/html', body: '<html>hello</html>' }));
      const otherIssuer = await startFakeIssuer(() => ({
        type: 'application/json',
        body: JSON.stringify({
          issuer: 'https://someone-else.example',
          authorization_endpoint: 'https://a',
          token_endpoint: 'https://t',
          jwks_uri: 'https://j',
        }),
      }));
      const noToken = await startFakeIssuer((issuer) => ({
        type: 'application/json',
        body: JSON.stringify({ issuer, authorization_endpoint: `${issuer}/auth`, jwks_uri: `${issuer}/jwks` }),
      }));
      const huge = await startFakeIssuer((issuer) => ({
        type: 'application/json',
        body: JSON.stringify({ issuer, padding: 'x'.repeat(300_000) }),
      }));
      try {
        for (const issuer of [notJson.issuer, otherIssuer.issuer, noToken.issuer, huge.issuer, 'http://127.0.0.1:9']) {
          const error = assertError(
            await putSso(server, account.accessToken, ssoBody(idp, account.domain, { issuer })),
            400,
            'SSO_DISCOVERY_FAILED',
          );
          assert.equal(error.field, 'issuer');
        }
      } finally {
        await Promise.all([notJson, otherIssuer, noToken, huge].map((fake) => fake.close()));
      }
      assert.equal(
        (await server.call('GET', '/api/v2.0/account/sso', { token: account.accessToken })).body.data.issuer,
        idp.issuer,
        'unchanged',
      );
    });

    it("answers a sender's token 403 ROLE_FORBIDDEN on GET, PUT and DELETE", async () => {
      const sender = await signInNewConsoleUser(server, account.account_id, 'sender');
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const response = await server.call(method, '/api/v2.0/account/sso', {
          token: sender.token,
          ...(method === 'PUT' ? { body: ssoBody(idp, account.domain) } : {}),
        });
        assertError(response, 403, 'ROLE_FORBIDDEN');
      }
    });

    it('enforced: no sign-in link is mailed to a colleague and an older one answers 403 SSO_REQUIRED; the owner keeps both', async () => {
      const colleague = `enforced-${unique()}@${account.domain}`;
      await inviteUser(server.service.ctx, { accountId: account.account_id, email: colleague, name: 'A colleague', role: 'admin' });
      const olderLink = await operatorLoginLink(server.service.ctx, colleague);
      const owner = (await server.call('GET', '/api/v2.0/account', { token: account.accessToken })).body.data.owner.email as string;
      const enforced = await putSso(
        server,
        account.accessToken,
        ssoBody(idp, account.domain, { enforced: true, client_secret: undefined }),
      );
      assert.equal(enforced.status, 200, JSON.stringify(enforced.body));
      assert.equal(enforced.body.data.enforced, true);
      try {
        sink.clear();
        await sendLoginLink(server.service.ctx, { email: colleague });
        await sendLoginLink(server.service.ctx, { email: owner });
        await sink.waitFor((mail) => recipientOf(mail).includes(owner));
        assert.ok(!sink.messages.some((mail) => recipientOf(mail).includes(colleague)), 'no link for the colleague');

        const opened = await fetch(`${server.url}${new URL(olderLink.url).pathname}`, { redirect: 'manual' });
        assert.equal(opened.status, 403);
        assert.match(await opened.text(), /SSO_REQUIRED/);
        assert.equal(opened.headers.get('set-cookie'), null);

        const ownerLink = await operatorLoginLink(server.service.ctx, owner);
        assert.equal((await fetch(`${server.url}${new URL(ownerLink.url).pathname}`, { redirect: 'manual' })).status, 303);

        const [colleagueUser] = await readUsersByEmail(server.service.ctx.db, colleague);
        const [ownerUser] = await readUsersByEmail(server.service.ctx.db, owner);
        const passwordHash = await hashPassword(PASSWORD);
        await setPasswordHash(server.service.ctx.db, colleagueUser!.id, passwordHash);
        await setPasswordHash(server.service.ctx.db, ownerUser!.id, passwordHash);
        const signIn = (email: string) =>
          server.call('POST', '/api/v2.0/console/sign_in', { noAppAuthType: true, body: { email, password: PASSWORD } });
        assertError(await signIn(colleague), 403, 'SSO_REQUIRED');
        assert.equal((await signIn(owner)).status, 200);

        // Single sign-on itself still signs the colleague in.
        assert.equal((await callback(colleague)).response.status, 200);
      } finally {
        await putSso(server, account.accessToken, ssoBody(idp, account.domain, { enforced: false, client_secret: undefined }));
      }
    });

    it('DELETE removes it (404 after), frees the domains and ends sign-ins under way', async () => {
      const other = await newSsoAccount(server);
      assert.equal((await putSso(server, other.accessToken, ssoBody(idp, other.domain))).status, 200);
      const email = `late-${unique()}@${other.domain}`;
      idp.signInAs({ email, email_verified: true });
      const trip = await ssoUpToCallback(server, email);
      const removed = await server.call('DELETE', '/api/v2.0/account/sso', { token: other.accessToken });
      assert.equal(removed.status, 200);
      assert.deepEqual(removed.body, { message: 'Single sign-on removed.', data: {} });
      assertError(await server.call('GET', '/api/v2.0/account/sso', { token: other.accessToken }), 404, 'SSO_NOT_CONFIGURED');
      assertError(await server.call('DELETE', '/api/v2.0/account/sso', { token: other.accessToken }), 404, 'SSO_NOT_CONFIGURED');
      refusedWith(await trip.jar.get(trip.serverCallbackUrl), 'SSO_STATE_INVALID');
      const third = await server.newAccount();
      assert.equal((await putSso(server, third.accessToken, ssoBody(idp, other.domain))).status, 200, 'the domain is free again');
      const changes = (await eventsOf(other.account_id)).filter((event) => event.type === 'sso_changed');
      assert.deepEqual(changes.map((event) => event.detail).sort(), ['configured', 'removed']);
    });
  },
  { env: { SSO_ALLOW_PRIVATE: 'true' }, smtpSink: true, captureLog: true },
);
