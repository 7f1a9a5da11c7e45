import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../support/databases.js';
import { linksIn, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { freshOperatorEnvironment, runCli } from '../support/cli-runner.js';

const PUBLIC_URL = 'https://console.example.test';

for (const database of testDatabases) {
  describe(`countersign user invite / user login-link on ${database}`, () => {
    let sink: SmtpSink;
    let server: TestServer;
    // Registered before the operator environment's own `after`, so the server is gone before its database is dropped.
    after(async () => {
      await server?.close();
      await sink?.close();
    });
    const env = freshOperatorEnvironment(database);
    let accountId: string;

    const cli = (...args: string[]) => runCli(env, args);
    const json = async (...args: string[]) => {
      const run = await cli(...args, '--json');
      return { code: run.code, body: JSON.parse(run.stdout) };
    };

    /** Opens a link (which names PUBLIC_URL) on the test server, which shares the CLI's database. */
    const open = (link: string) => fetch(`${server.url}${new URL(link).pathname}`, { redirect: 'manual' });

    before(async () => {
      sink = await startSmtpSink();
      Object.assign(env, { SMTP_URL: sink.url, PUBLIC_URL });
      const created = await json('account', 'create', '--name', 'Acme', '--email', 'owner@acme.test');
      assert.equal(created.code, 0);
      accountId = created.body.account_id;
      server = await startTestServer(database, {
        DATA_DIR: env.DATA_DIR!,
        PUBLIC_URL,
        ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
      });
    });

    it('user invite --json adds a sender and mails a link that signs them in with a Secure cookie (PUBLIC_URL is https)', async () => {
      const invited = await json(
        'user',
        'invite',
        '--account',
        accountId,
        '--email',
        'Sam@Acme.test',
        '--name',
        'Sam Sender',
        '--role',
        'sender',
      );
      assert.equal(invited.code, 0);
      assert.deepEqual(Object.keys(invited.body).sort(), ['account_id', 'created_at', 'email', 'name', 'role', 'user_id']);
      assert.match(invited.body.user_id, /^usr_/);
      assert.equal(invited.body.email, 'sam@acme.test');
      assert.equal(invited.body.role, 'sender');

      const mail = await sink.waitFor((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text === 'sam@acme.test');
      assert.match(mail.subject ?? '', /added to Acme/);
      const link = linksIn(mail).find((url) => url.startsWith(`${PUBLIC_URL}/console/login/`));
      assert.ok(link, 'the mail carries the sign-in link');
      const opened = await open(link);
      assert.equal(opened.status, 303);
      const cookie = opened.headers.get('set-cookie') ?? '';
      assert.ok(cookie.split('; ').includes('Secure'));

      const exchanged = await server.call('POST', '/api/v2.0/console/token', {
        noAppAuthType: true,
        headers: { cookie: cookie.split(';')[0]!, 'x-requested-with': 'countersign-console' },
      });
      assert.equal(exchanged.status, 200);
      const webhooks = await server.call('GET', '/api/v2.0/webhooks', { token: exchanged.body.data.access_token });
      assert.equal(webhooks.status, 403);
      assert.equal(webhooks.body.errors[0].error_code, 'ROLE_FORBIDDEN');
    });

    it('user login-link --json prints a single-use link for the operator and mails nothing', async () => {
      sink.clear();
      const printed = await json('user', 'login-link', '--email', 'owner@acme.test');
      assert.equal(printed.code, 0);
      assert.deepEqual(Object.keys(printed.body).sort(), ['account_id', 'expires_at', 'login_url', 'user_id']);
      assert.equal(printed.body.account_id, accountId);
      assert.ok(printed.body.login_url.startsWith(`${PUBLIC_URL}/console/login/cs_ll_`));
      assert.equal(Date.parse(printed.body.expires_at) - Date.now() <= 15 * 60_000, true);
      assert.equal((await open(printed.body.login_url)).status, 303);
      assert.equal((await open(printed.body.login_url)).status, 410);
      assert.equal(sink.messages.length, 0);
    });

    it("user login-link without PUBLIC_URL links to the running service's PUBLIC_URL, not the CLI's own port", async () => {
      const run = await runCli({ ...env, PUBLIC_URL: undefined, PORT: '4999' }, [
        'user',
        'login-link',
        '--email',
        'owner@acme.test',
        '--json',
      ]);
      assert.equal(run.code, 0, run.stderr);
      const printed = JSON.parse(run.stdout);
      assert.ok(printed.login_url.startsWith(`${PUBLIC_URL}/console/login/cs_ll_`), printed.login_url);
      const explicit = await runCli({ ...env, PUBLIC_URL: 'https://other.example.test' }, [
        'user',
        'login-link',
        '--email',
        'owner@acme.test',
        '--json',
      ]);
      assert.ok(
        JSON.parse(explicit.stdout).login_url.startsWith('https://other.example.test/console/login/'),
        'a PUBLIC_URL given to the CLI wins',
      );
    });

    it('refuses an address already in use, an unknown role, account or address, as JSON errors', async () => {
      const duplicate = await json(
        'user',
        'invite',
        '--account',
        accountId,
        '--email',
        'OWNER@acme.test',
        '--name',
        'Twin',
        '--role',
        'admin',
      );
      assert.equal(duplicate.code, 1);
      assert.equal(duplicate.body.error.code, 'EMAIL_IN_USE');
      const badRole = await json('user', 'invite', '--account', accountId, '--email', 'x@acme.test', '--name', 'X', '--role', 'owner');
      assert.equal(badRole.code, 1);
      assert.equal(badRole.body.error.code, 'INVALID_ROLE');
      const noAccount = await json('user', 'invite', '--account', 'acct_nope', '--email', 'y@acme.test', '--name', 'Y', '--role', 'admin');
      assert.equal(noAccount.code, 1);
      assert.equal(noAccount.body.error.code, 'ACCOUNT_NOT_FOUND');
      const nobody = await json('user', 'login-link', '--email', 'nobody@acme.test');
      assert.equal(nobody.code, 1);
      assert.equal(nobody.body.error.code, 'USER_NOT_FOUND');
      const missing = await json('user', 'invite', '--account', accountId);
      assert.equal(missing.code, 2);
      assert.equal(missing.body.error.code, 'USAGE_ERROR');
    });
  });
}
