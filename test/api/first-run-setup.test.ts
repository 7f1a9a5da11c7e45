import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { issueSetupToken } from '../../src/app/setup/setup-token.js';
import { lockSetups } from '../../src/infra/db/tables/setup-tokens-table.js';
import { readPasswordHash } from '../../src/infra/db/tables/users-table.js';
import { verifyPassword } from '../../src/infra/password-hash.js';
import { describeOnEachDatabase } from '../support/api-suite.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { createPostgresDatabase, testDatabases } from '../support/databases.js';
import { freshOperatorEnvironment } from '../support/cli-runner.js';
import { assertError, type TestServer } from '../support/test-server.js';

const CONSOLE = { 'x-requested-with': 'countersign-console' };
const PASSWORD = 'copper kettle orbit lantern';
const SETUP_LINE = /^ {2}setup: {4}(\S+)\/setup\/(cs_su_[\w-]+)$/m;

const tokenOf = (server: TestServer): string => {
  const url = server.service.setupUrl;
  assert.ok(url, 'a start without an account has a setup URL');
  return url.split('/setup/')[1]!;
};

const setupBody = (token: string, overrides: Record<string, unknown> = {}, owner: Record<string, unknown> = {}) => ({
  setup_token: token,
  organisation_name: 'Acme Ltd',
  owner: { name: 'Ada Lovelace', email: `ada-${Math.random().toString(36).slice(2)}@acme.example`, password: PASSWORD, ...owner },
  ...overrides,
});

/** The first run needs no app_auth_type header: it is a public route like console/login_link. */
const postSetup = (server: TestServer, body: unknown) => server.call('POST', '/api/v2.0/setup', { body, noAppAuthType: true });

const setupPage = async (server: TestServer, token: string) => {
  const response = await fetch(`${server.url}/setup/${token}`);
  const html = await response.text();
  return { status: response.status, state: /<meta name="countersign-setup" content="(\w+)"/.exec(html)?.[1], response };
};

describeOnEachDatabase(
  'First run in the browser',
  (server) => {
    /** The token of the newest start: the server's own, until a test plays another start. */
    let newestToken: string | undefined;
    const currentToken = () => newestToken ?? tokenOf(server);

    it('serves the setup page for the printed token, and says when a link is not valid', async () => {
      const page = await setupPage(server, currentToken());
      assert.equal(page.status, 200);
      assert.equal(page.state, 'open');
      assert.match(page.response.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
      assert.equal(page.response.headers.get('cache-control'), 'no-store');
      const wrong = await setupPage(server, 'cs_su_not-the-printed-one');
      assert.equal(wrong.status, 403);
      assert.equal(wrong.state, 'invalid');
    });

    it('answers 403 INVALID_SETUP_TOKEN to a token no start printed', async () => {
      assertError(await postSetup(server, setupBody('cs_su_guessed')), 403, 'INVALID_SETUP_TOKEN');
      assertError(await postSetup(server, setupBody(`${currentToken()}x`)), 403, 'INVALID_SETUP_TOKEN');
    });

    it('answers 400 with the codes of every problem, and WEAK_PASSWORD for each broken password rule', async () => {
      const token = currentToken();
      assertError(await postSetup(server, setupBody(token, { organisation_name: '' })), 400, 'ACCOUNT_NAME_REQUIRED');
      assertError(await postSetup(server, setupBody(token, { organisation_name: '   ' })), 400, 'ACCOUNT_NAME_REQUIRED');
      assertError(await postSetup(server, setupBody(token, {}, { name: '' })), 400, 'USER_NAME_REQUIRED');
      assertError(await postSetup(server, setupBody(token, {}, { email: 'not-an-address' })), 400, 'INVALID_EMAIL');
      assertError(await postSetup(server, setupBody(token, { plan: 'platinum' })), 400, 'INVALID_PLAN');
      assertError(await postSetup(server, setupBody(token, { extra: 1 })), 400, 'UNKNOWN_FIELD');
      assertError(
        await postSetup(server, { organisation_name: 'Acme', owner: { name: 'A', email: 'a@acme.example', password: PASSWORD } }),
        400,
        'FIELD_REQUIRED',
      );
      for (const password of ['short pass', 'x'.repeat(257), 'password1234', 'Password2024!', 'AdaLovelace1815', 'aaaaaaaaaaaa']) {
        const problem = assertError(await postSetup(server, setupBody(token, {}, { password })), 400, 'WEAK_PASSWORD');
        assert.equal(problem.field, 'owner.password');
        assert.ok(!problem.developer_message.includes(password), 'the refusal does not repeat the password');
      }
      const several = await postSetup(server, setupBody(token, { organisation_name: ' ' }, { name: ' ', password: 'short' }));
      assert.equal(several.status, 400);
      assert.deepEqual((several.body.errors as { error_code: string }[]).map((error) => error.error_code).sort(), [
        'ACCOUNT_NAME_REQUIRED',
        'USER_NAME_REQUIRED',
        'WEAK_PASSWORD',
      ]);
      assert.equal((await setupPage(server, token)).state, 'open', 'no refused setup left anything behind');
    });

    it('accepts the token of another start on the database; on PostgreSQL the earlier ones too (their processes may run)', async () => {
      const earlier = currentToken();
      const other = await issueSetupToken(server.service.ctx);
      assert.ok(other && other !== earlier);
      assert.equal((await setupPage(server, other)).state, 'open');
      // One process serves a SQLite file: a start there revokes the tokens of the starts before it.
      assert.equal((await setupPage(server, earlier)).state, server.database === 'postgres' ? 'open' : 'invalid');
      newestToken = other;
    });

    it('makes setups on one PostgreSQL database take turns: a second waits until the first transaction ends', async (t) => {
      if (server.database !== 'postgres') return t.skip("SQLite's single writer runs transactions one at a time");
      const { db } = server.service.ctx;
      const order: string[] = [];
      let second: Promise<void> | undefined;
      await db.transaction().execute(async (first) => {
        await lockSetups(first);
        second = db.transaction().execute(async (next) => {
          await lockSetups(next);
          order.push('second locked');
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        order.push('first ends');
      });
      await second;
      assert.deepEqual(order, ['first ends', 'second locked']);
    });

    let cookie = '';
    let created: { account_id: string; user_id: string };
    let winner: { organisation: string; email: string };
    const email = `owner-${Date.now()}@acme.example`;

    it('creates the account and its owner exactly once when two setups arrive together (201 and 409 SETUP_COMPLETED)', async () => {
      const token = currentToken();
      const [first, second] = await Promise.all([
        postSetup(server, setupBody(token, {}, { email })),
        postSetup(server, setupBody(token, { organisation_name: 'Rival Ltd' }, { email: `rival-${email}` })),
      ]);
      winner = first.status === 201 ? { organisation: 'Acme Ltd', email } : { organisation: 'Rival Ltd', email: `rival-${email}` };
      const answers = [first, second].sort((a, b) => a.status - b.status);
      assert.equal(answers[0]!.status, 201, JSON.stringify(answers[0]!.body));
      assertError(answers[1]!, 409, 'SETUP_COMPLETED');
      assert.deepEqual(Object.keys(answers[0]!.body.data).sort(), ['account_id', 'user_id']);
      created = answers[0]!.body.data;
      const setCookie = answers[0]!.headers.get('set-cookie') ?? '';
      assert.match(setCookie, /^countersign_session=cs_ss_[\w-]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict$/);
      cookie = setCookie.split(';')[0]!;
      const accounts = await server.service.ctx.db.selectFrom('accounts').select(['id', 'name', 'plan']).execute();
      assert.equal(accounts.length, 1, 'one account, no partial second one');
      assert.equal(accounts[0]!.id, created.account_id);
      const users = await server.service.ctx.db.selectFrom('users').select(['id', 'role']).execute();
      assert.deepEqual(users, [{ id: created.user_id, role: 'admin' }]);
    });

    it('signs the owner in to the console with the answer’s session cookie', async () => {
      const exchanged = await server.call('POST', '/api/v2.0/console/token', { noAppAuthType: true, headers: { ...CONSOLE, cookie } });
      assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
      const { account, user } = exchanged.body.data;
      assert.deepEqual(account, { account_id: created.account_id, name: winner.organisation, plan: 'enterprise' });
      assert.deepEqual(user, { user_id: created.user_id, name: 'Ada Lovelace', email: winner.email, role: 'admin', has_password: true });
      const details = await server.call('GET', '/api/v2.0/account', { token: exchanged.body.data.access_token });
      assert.equal(details.status, 200, JSON.stringify(details.body));
    });

    it('stores the owner’s password only as a scrypt hash', async () => {
      const hash = await readPasswordHash(server.service.ctx.db, created.user_id);
      assert.ok(hash !== null && hash.startsWith('scrypt$'), String(hash));
      assert.ok(!hash.includes(PASSWORD));
      assert.equal(await verifyPassword(PASSWORD, hash), true);
    });

    it('answers 409 SETUP_COMPLETED to every setup call once an account exists, and the page says so', async () => {
      const token = currentToken();
      assertError(await postSetup(server, setupBody(token)), 409, 'SETUP_COMPLETED');
      assertError(await postSetup(server, setupBody('cs_su_guessed')), 409, 'SETUP_COMPLETED');
      assertError(await postSetup(server, { nonsense: true }), 409, 'SETUP_COMPLETED');
      const page = await setupPage(server, token);
      assert.equal(page.status, 409);
      assert.equal(page.state, 'completed');
      assert.equal((await setupPage(server, 'cs_su_guessed')).state, 'completed');
    });

    it('never writes the setup token or the password to the log', () => {
      const log = server.loggedText();
      assert.match(log, /\/setup\/\[redacted\]/, 'the page requests were logged, redacted');
      assert.ok(!log.includes(currentToken()), 'the token is not in the log');
      assert.ok(!log.includes('cs_su_'), 'no setup token is in the log');
      assert.ok(!log.includes(PASSWORD), 'the password is not in the log');
    });
  },
  { captureLog: true },
);

describeOnEachDatabase('First run after `countersign account create`', (server) => {
  it('answers 409 SETUP_COMPLETED and the page says setup is done', async () => {
    const token = server.service.setupUrl!.split('/setup/')[1]!;
    await server.newAccount();
    assertError(await postSetup(server, setupBody(token)), 409, 'SETUP_COMPLETED');
    assert.equal((await setupPage(server, token)).state, 'completed');
  });
});

describeOnEachDatabase(
  'First run within the per-address limit',
  (server) => {
    it('answers 429 RATE_LIMITED beyond the unauthenticated calls a minute', async () => {
      const statuses: number[] = [];
      for (let call = 0; call < 4; call += 1) statuses.push((await postSetup(server, setupBody('cs_su_guessed'))).status);
      assert.deepEqual(statuses, [403, 403, 403, 429]);
    });
  },
  { env: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '3' } },
);

for (const database of testDatabases) {
  describe(`The start banner on ${database}`, () => {
    const env = freshOperatorEnvironment(database);
    before(() => Object.assign(env, { PUBLIC_URL: 'https://sign.acme.example' }));

    const start = async (): Promise<{ child: ChildServer; token: string | undefined }> => {
      const child = await startChildServer(env);
      // The banner's lines follow the "listening" line at once.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const match = SETUP_LINE.exec(child.output());
      if (match) assert.equal(match[1], 'https://sign.acme.example', 'the URL is on PUBLIC_URL');
      return { child, token: match?.[2] };
    };

    it('prints a new setup URL at every start until setup is done, then none', async () => {
      const first = await start();
      let second: Awaited<ReturnType<typeof start>> | undefined;
      try {
        assert.ok(first.token, `a setup line in:\n${first.child.output()}`);
        assert.ok(first.token.length >= 'cs_su_'.length + 22, 'at least 128 random bits');
        await first.child.stop('SIGTERM');
        second = await start();
        assert.ok(second.token && second.token !== first.token, 'a new token at the next start');
        const old = await fetch(`${second.child.url}/setup/${first.token}`);
        assert.equal(old.status, 403, "a stopped start's token works no more");
        const created = await fetch(`${second.child.url}/api/v2.0/setup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            setup_token: second.token,
            organisation_name: 'Acme Ltd',
            owner: { name: 'Ada Lovelace', email: 'ada@acme.example', password: PASSWORD },
          }),
        });
        assert.equal(created.status, 201, await created.text());
      } finally {
        await first.child.stop('SIGTERM');
        await second?.child.stop('SIGTERM');
      }
      const third = await start();
      try {
        assert.equal(third.token, undefined, `no setup line once there is an account:\n${third.child.output()}`);
        assert.doesNotMatch(third.child.output(), /setup:/);
      } finally {
        await third.child.stop('SIGTERM');
      }
    });
  });
}

if (testDatabases.includes('postgres')) {
  describe('Several processes on one PostgreSQL database', () => {
    it('each print their own setup URL, and any of them accepts any', async () => {
      const postgres = await createPostgresDatabase();
      const dataDir = mkdtempSync(join(tmpdir(), 'countersign-setup-'));
      const env = { DATABASE_URL: postgres.url, DATA_DIR: dataDir };
      const one = await startChildServer(env);
      const two = await startChildServer(env);
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const tokenOne = SETUP_LINE.exec(one.output())?.[2];
        const tokenTwo = SETUP_LINE.exec(two.output())?.[2];
        assert.ok(tokenOne && tokenTwo && tokenOne !== tokenTwo, `two setup lines:\n${one.output()}\n${two.output()}`);
        assert.equal((await fetch(`${one.url}/setup/${tokenTwo}`)).status, 200);
        assert.equal((await fetch(`${two.url}/setup/${tokenOne}`)).status, 200);
      } finally {
        await one.stop('SIGTERM');
        await two.stop('SIGTERM');
        await postgres.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
