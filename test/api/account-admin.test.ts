import assert from 'node:assert/strict';
import { beforeEach, it } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { markCompletedInDb } from '../support/complete-in-db.js';
import { describeOnEachDatabase } from '../support/api-suite.js';
import { createEnvelope } from '../support/envelopes.js';
import { linksIn } from '../support/smtp-sink.js';
import { assertError } from '../support/test-server.js';

const API = '/api/v2.0';
const CONSOLE = { 'x-requested-with': 'countersign-console' };

const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text;
const errorCode = (response: { body: { errors?: { error_code: string }[] } }) => response.body.errors?.[0]?.error_code;

describeOnEachDatabase(
  'Account administration for the console (API clients, users, settings, daily statistics)',
  (server, sink) => {
    let account: Awaited<ReturnType<typeof server.newAccount>>;
    let token: string;
    let sequence = 0;
    const address = (name: string) => `${name}-${Date.now()}-${++sequence}@people.test`;

    beforeEach(async () => {
      sink.clear();
      account = await server.newAccount();
      token = account.accessToken;
    });

    const call = (method: string, path: string, body?: unknown, as = token) =>
      server.call(method, `${API}${path}`, { token: as, ...(body === undefined ? {} : { body }) });

    /** Invites through the API, and answers the mailed sign-in link. */
    const invite = async (role: 'admin' | 'sender', as = token) => {
      const email = address(role);
      const invited = await call('POST', '/account/users', { email, name: `A ${role}`, role }, as);
      assert.equal(invited.status, 201, JSON.stringify(invited.body));
      const mail = await sink.waitFor((m) => addressOf(m) === email);
      const link = linksIn(mail).find((url) => url.includes('/console/login/'));
      assert.ok(link, 'the invitation carries a sign-in link');
      return { user: invited.body.data, email, link };
    };

    const signIn = async (link: string): Promise<string> => {
      const opened = await fetch(`${server.url}${new URL(link).pathname}`, { redirect: 'manual' });
      assert.equal(opened.status, 303);
      return (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
    };

    const exchange = (cookie: string) =>
      server.call('POST', `${API}/console/token`, { noAppAuthType: true, headers: { ...CONSOLE, cookie } });

    const consoleToken = async (role: 'admin' | 'sender') => {
      const invited = await invite(role);
      const cookie = await signIn(invited.link);
      const exchanged = await exchange(cookie);
      assert.equal(exchanged.status, 200);
      return { ...invited, cookie, token: exchanged.body.data.access_token as string };
    };

    it('issues an API client whose secret is shown once, lists it without the secret, and revokes it so its credentials no longer log in', async () => {
      server.clock.advanceSeconds(1);
      const created = await call('POST', '/account/clients', { description: 'CRM integration' });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const client = created.body.data;
      assert.match(client.client_id, /^cli_/);
      assert.match(client.client_secret, /^cs_sk_/);
      assert.equal(client.credentials, Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64'));
      assert.equal(client.description, 'CRM integration');
      assert.equal(client.created_at, server.clock.now().toISOString());

      const login = await server.call('POST', `${API}/authorization/token`, { body: { credentials: client.credentials } });
      assert.equal(login.status, 200);
      const clientToken = login.body.data.access_token as string;

      const listed = await call('GET', '/account/clients');
      assert.equal(listed.status, 200);
      assert.equal(listed.body.data.clients.length, 2, 'the account’s first client and the new one');
      assert.deepEqual(listed.body.data.clients[0], {
        client_id: client.client_id,
        description: 'CRM integration',
        created_at: client.created_at,
        revoked_at: null,
      });
      assert.equal(listed.body.data.clients[1].client_id, account.client_id);
      assert.equal(listed.body.data.clients[1].description, null);
      assert.ok(!JSON.stringify(listed.body).includes(client.client_secret));

      const revoked = await call('POST', `/account/clients/${client.client_id}/revoke`);
      assert.equal(revoked.status, 200);
      assert.equal(revoked.body.data.client_id, client.client_id);
      assert.equal(revoked.body.data.revoked_at, server.clock.now().toISOString());

      const again = await server.call('POST', `${API}/authorization/token`, { body: { credentials: client.credentials } });
      assert.equal(again.status, 401);
      assert.equal(errorCode(again), 'INVALID_CREDENTIALS');
      const stale = await call('GET', '/account', undefined, clientToken);
      assert.equal(stale.status, 401);
      assert.equal(errorCode(stale), 'INVALID_ACCESS_TOKEN');

      const after = await call('GET', '/account/clients');
      assert.deepEqual(
        after.body.data.clients.map((c: { client_id: string; revoked_at: string | null }) => [c.client_id, c.revoked_at !== null]),
        [
          [account.client_id, false],
          [client.client_id, true],
        ],
        'active clients first',
      );
    });

    it('replays a client creation with the same Idempotency-Key: the same client and secret, no second client', async () => {
      const headers = { 'idempotency-key': `key-${sequence++}` };
      const first = await server.call('POST', `${API}/account/clients`, { token, headers, body: {} });
      const second = await server.call('POST', `${API}/account/clients`, { token, headers, body: {} });
      assert.equal(first.status, 201);
      assert.equal(second.status, 201);
      assert.deepEqual(second.body, first.body);
      assert.equal((await call('GET', '/account/clients')).body.data.clients.length, 2);
    });

    it('answers 400 for a client description over 200 characters or an unknown field', async () => {
      const long = await call('POST', '/account/clients', { description: 'x'.repeat(201) });
      assert.equal(long.status, 400);
      const unknown = await call('POST', '/account/clients', { name: 'x' });
      assert.equal(unknown.status, 400);
      assert.equal(errorCode(unknown), 'UNKNOWN_FIELD');
    });

    it('answers 404 CLIENT_NOT_FOUND for another account’s client, an unknown one, and one already revoked', async () => {
      const other = await server.newAccount();
      const foreign = await call('POST', `/account/clients/${other.client_id}/revoke`);
      assert.equal(foreign.status, 404);
      assert.equal(errorCode(foreign), 'CLIENT_NOT_FOUND');
      assert.equal((await call('GET', '/account', undefined, other.accessToken)).status, 200, 'the other account’s client still works');
      const unknown = await call('POST', '/account/clients/cli_unknown/revoke');
      assert.equal(errorCode(unknown), 'CLIENT_NOT_FOUND');
      const created = (await call('POST', '/account/clients', {})).body.data;
      assert.equal((await call('POST', `/account/clients/${created.client_id}/revoke`)).status, 200);
      const twice = await call('POST', `/account/clients/${created.client_id}/revoke`);
      assert.equal(twice.status, 404);
      assert.equal(errorCode(twice), 'CLIENT_NOT_FOUND');
    });

    it('invites a user who receives a sign-in link, lists the users with the owner marked, and signs them in as who they are', async () => {
      const { user, email, link } = await invite('sender');
      assert.match(user.user_id, /^usr_/);
      assert.deepEqual(
        { ...user, user_id: undefined },
        { user_id: undefined, name: 'A sender', email, role: 'sender', is_owner: false, created_at: server.clock.now().toISOString() },
      );
      assert.ok(link.startsWith(`${server.service.ctx.config.publicUrl}/console/login/`));

      const listed = await call('GET', '/account/users');
      assert.equal(listed.status, 200);
      const users = listed.body.data.users as { user_id: string; role: string; is_owner: boolean; email: string }[];
      assert.deepEqual(
        users.map((u) => [u.user_id, u.role, u.is_owner]),
        [
          [account.user_id, 'admin', true],
          [user.user_id, 'sender', false],
        ],
      );

      const exchanged = await exchange(await signIn(link));
      assert.equal(exchanged.status, 200);
      assert.deepEqual(exchanged.body.data.user, { user_id: user.user_id, name: 'A sender', email, role: 'sender', has_password: false });
      assert.deepEqual(exchanged.body.data.account, { account_id: account.account_id, name: 'Acme Test', plan: 'starter' });
    });

    it('answers 409 EMAIL_IN_USE for an address that is already a user, and 400 for a bad address, name or role', async () => {
      const { email } = await invite('sender');
      const twice = await call('POST', '/account/users', { email: email.toUpperCase(), name: 'Twin', role: 'admin' });
      assert.equal(twice.status, 409);
      assert.equal(errorCode(twice), 'EMAIL_IN_USE');
      const cases: [unknown, string][] = [
        [{ email: 'not an address', name: 'X', role: 'admin' }, 'INVALID_EMAIL'],
        [{ email: address('x'), name: '', role: 'admin' }, 'USER_NAME_REQUIRED'],
        [{ email: address('x'), name: 'X', role: 'owner' }, 'INVALID_ROLE'],
      ];
      for (const [body, code] of cases) {
        const refused = await call('POST', '/account/users', body);
        assert.equal(refused.status, 400, JSON.stringify(body));
        assert.equal(errorCode(refused), code, JSON.stringify(refused.body));
      }
    });

    it('changes a user’s role, which their live console token takes at once', async () => {
      const admin = await consoleToken('admin');
      assert.equal((await call('GET', '/account/users', undefined, admin.token)).status, 200);

      const demoted = await call('PUT', `/account/users/${admin.user.user_id}`, { role: 'sender' });
      assert.equal(demoted.status, 200);
      assert.equal(demoted.body.data.role, 'sender');
      assert.equal(demoted.body.data.is_owner, false);

      const refused = await call('GET', '/account/users', undefined, admin.token);
      assert.equal(refused.status, 403);
      assert.equal(errorCode(refused), 'ROLE_FORBIDDEN');
      const renewed = await exchange(admin.cookie);
      assert.equal(renewed.body.data.user.role, 'sender');

      const promoted = await call('PUT', `/account/users/${admin.user.user_id}`, { role: 'admin' });
      assert.equal(promoted.body.data.role, 'admin');
      assert.equal((await call('GET', '/account/users', undefined, admin.token)).status, 200);
    });

    it('answers 409 OWNER_ROLE_FIXED for another role for the account owner, and 409 OWNER_NOT_REMOVABLE for removing the owner', async () => {
      const fixed = await call('PUT', `/account/users/${account.user_id}`, { role: 'sender' });
      assert.equal(fixed.status, 409);
      assert.equal(errorCode(fixed), 'OWNER_ROLE_FIXED');
      const same = await call('PUT', `/account/users/${account.user_id}`, { role: 'admin' });
      assert.equal(same.status, 200);
      assert.equal(same.body.data.is_owner, true);
      const kept = await call('DELETE', `/account/users/${account.user_id}`);
      assert.equal(kept.status, 409);
      assert.equal(errorCode(kept), 'OWNER_NOT_REMOVABLE');
      const users = (await call('GET', '/account/users')).body.data.users;
      assert.deepEqual(
        users.map((u: { role: string; is_owner: boolean }) => [u.role, u.is_owner]),
        [['admin', true]],
      );
    });

    it('removes a user: their console session and token stop working at once, and their address is free again', async () => {
      const sender = await consoleToken('sender');
      const removed = await call('DELETE', `/account/users/${sender.user.user_id}`);
      assert.equal(removed.status, 200);
      assert.deepEqual(removed.body.data, { user_id: sender.user.user_id });

      const session = await exchange(sender.cookie);
      assert.equal(session.status, 401);
      assert.equal(errorCode(session), 'SESSION_REQUIRED');
      const stale = await call('GET', '/account', undefined, sender.token);
      assert.equal(stale.status, 401);
      assert.equal(errorCode(stale), 'INVALID_ACCESS_TOKEN');
      const listed = (await call('GET', '/account/users')).body.data.users;
      assert.ok(!listed.some((u: { user_id: string }) => u.user_id === sender.user.user_id));

      const again = await call('POST', '/account/users', { email: sender.email, name: 'Back again', role: 'sender' });
      assert.equal(again.status, 201);
      const gone = await call('DELETE', `/account/users/${sender.user.user_id}`);
      assert.equal(gone.status, 404);
      assert.equal(errorCode(gone), 'USER_NOT_FOUND');
    });

    it('answers 404 USER_NOT_FOUND for another account’s user, changing nothing', async () => {
      const other = await server.newAccount();
      const { user } = await invite('sender', other.accessToken);
      const update = await call('PUT', `/account/users/${user.user_id}`, { role: 'admin' });
      assert.equal(update.status, 404);
      assert.equal(errorCode(update), 'USER_NOT_FOUND');
      const remove = await call('DELETE', `/account/users/${other.user_id}`);
      assert.equal(remove.status, 404);
      assert.equal(errorCode(remove), 'USER_NOT_FOUND');
      const theirs = (await call('GET', '/account/users', undefined, other.accessToken)).body.data.users;
      assert.deepEqual(
        theirs.map((u: { user_id: string; role: string }) => [u.user_id, u.role]),
        [
          [other.user_id, 'admin'],
          [user.user_id, 'sender'],
        ],
      );
    });

    it('round-trips the settings: frame_ancestors replaced, normalised and deduplicated', async () => {
      const initial = await call('GET', '/account/settings');
      assert.equal(initial.status, 200);
      assert.deepEqual(initial.body.data, { frame_ancestors: [], default_language: 'en', signer_copy_days: 30, retention_days: null });
      const updated = await call('PUT', '/account/settings', {
        frame_ancestors: ['https://app.example.com/', 'https://app.example.com', 'http://localhost:3000'],
      });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
      assert.deepEqual(updated.body.data, {
        frame_ancestors: ['https://app.example.com', 'http://localhost:3000'],
        default_language: 'en',
        signer_copy_days: 30,
        retention_days: null,
      });
      assert.deepEqual((await call('GET', '/account/settings')).body.data, updated.body.data);
      const cleared = await call('PUT', '/account/settings', { frame_ancestors: [] });
      assert.deepEqual(cleared.body.data, { frame_ancestors: [], default_language: 'en', signer_copy_days: 30, retention_days: null });
    });

    it('answers 400 INVALID_FRAME_ANCESTOR for anything but an origin, and for more than 20, keeping the settings', async () => {
      await call('PUT', '/account/settings', { frame_ancestors: ['https://kept.example.com'] });
      for (const origin of ['https://app.example.com/path', "'self'", '*', 'javascript:alert(1)', 'https://a.example.com; script-src *']) {
        const refused = await call('PUT', '/account/settings', { frame_ancestors: [origin] });
        assert.equal(refused.status, 400, origin);
        assert.equal(errorCode(refused), 'INVALID_FRAME_ANCESTOR', origin);
      }
      const many = await call('PUT', '/account/settings', {
        frame_ancestors: Array.from({ length: 21 }, (_, i) => `https://a${i}.example.com`),
      });
      assert.equal(many.status, 400);
      assert.equal(errorCode(many), 'INVALID_FRAME_ANCESTOR');
      assertError(await call('PUT', '/account/settings', {}), 400, 'NOTHING_TO_UPDATE');
      assert.deepEqual((await call('GET', '/account/settings')).body.data, {
        frame_ancestors: ['https://kept.example.com'],
        default_language: 'en',
        signer_copy_days: 30,
        retention_days: null,
      });
    });

    it('counts envelopes created and completed per UTC day, zero-filled, oldest first, ending today', async () => {
      const today = server.clock.now().toISOString().slice(0, 10);
      const twoDaysAgo = new Date(server.clock.now().getTime() - 2 * 86_400_000).toISOString();
      const completed = await createEnvelope(server, token);
      await markCompletedInDb(server, completed.envelope_id);
      await createEnvelope(server, token);
      const older = await createEnvelope(server, token);
      await server.service.ctx.db.updateTable('envelopes').set({ created_at: twoDaysAgo }).where('id', '=', older.envelope_id).execute();
      await createEnvelope(server, (await server.newAccount()).accessToken);

      const daily = await call('GET', '/account/statistics/daily');
      assert.equal(daily.status, 200);
      const days = daily.body.data.days as { date: string; created: number; completed: number }[];
      assert.equal(days.length, 30);
      assert.deepEqual(days.at(-1), { date: today, created: 2, completed: 1 });
      assert.deepEqual(days.at(-3), { date: twoDaysAgo.slice(0, 10), created: 1, completed: 0 });
      assert.deepEqual(days.at(-2)!.created + days.at(-2)!.completed, 0);
      assert.deepEqual(
        days.map((d) => d.date),
        [...days.map((d) => d.date)].sort(),
      );
      assert.equal(new Set(days.map((d) => d.date)).size, 30);

      const one = await call('GET', '/account/statistics/daily?days=1');
      assert.deepEqual(one.body.data.days, [{ date: today, created: 2, completed: 1 }]);
      assert.equal((await call('GET', '/account/statistics/daily?days=366')).body.data.days.length, 366);
    });

    it('answers 400 INVALID_DAYS for days outside 1–366', async () => {
      for (const days of ['0', '367', '-1', 'abc', '1.5']) {
        const refused = await call('GET', `/account/statistics/daily?days=${days}`);
        assert.equal(refused.status, 400, days);
        assert.equal(errorCode(refused), 'INVALID_DAYS', `${days}: ${JSON.stringify(refused.body)}`);
      }
    });
  },
  { smtpSink: true },
);
