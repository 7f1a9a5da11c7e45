import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { testDatabases } from '../support/databases.js';
import { startTestServer } from '../support/test-server.js';
import { freshOperatorEnvironment, runCli, type CliRun } from '../support/cli-runner.js';

const exec = promisify(execFile);

for (const database of testDatabases) {
  describe(`countersign CLI on ${database}`, () => {
    const env = freshOperatorEnvironment(database);

    const cli = (...args: string[]): Promise<CliRun> => runCli(env, args);

    it('account create --json prints only valid JSON with the credentials to log in with', async () => {
      const run = await cli('account', 'create', '--name', 'Acme', '--email', 'owner@acme.test', '--plan', 'starter', '--json');
      assert.equal(run.code, 0, run.stderr);
      const created = JSON.parse(run.stdout);
      assert.deepEqual(Object.keys(created).sort(), ['account_id', 'client_id', 'client_secret', 'credentials', 'user_id']);
      assert.match(created.account_id, /^acct_/);
      assert.equal(Buffer.from(created.credentials, 'base64').toString(), `${created.client_id}:${created.client_secret}`);

      // The account is usable through the API at once.
      const server = await startTestServer(database, {
        DATA_DIR: env.DATA_DIR!,
        ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
      });
      try {
        const login = await server.call('POST', '/api/v2.0/authorization/token', { body: { credentials: created.credentials } });
        assert.equal(login.status, 200);
        const me = await server.call('GET', '/api/v2.0/account', { token: login.body.data.access_token });
        assert.equal(me.body.data.name, 'Acme');
        assert.equal(me.body.data.plan, 'starter');
        assert.equal(me.body.data.owner.email, 'owner@acme.test');

        const issued = await cli('client', 'create', '--account', created.account_id, '--json');
        assert.equal(issued.code, 0, issued.stderr);
        const client = JSON.parse(issued.stdout);
        assert.match(client.client_id, /^cli_/);
        const secondLogin = await server.call('POST', '/api/v2.0/authorization/token', { body: { credentials: client.credentials } });
        assert.equal(secondLogin.status, 200);

        const revoked = await cli('client', 'revoke', '--client', client.client_id, '--json');
        assert.equal(revoked.code, 0, revoked.stderr);
        assert.equal(JSON.parse(revoked.stdout).client_id, client.client_id);
        const afterRevoke = await server.call('POST', '/api/v2.0/authorization/token', { body: { credentials: client.credentials } });
        assert.equal(afterRevoke.status, 401);
        const tokenAfterRevoke = await server.call('GET', '/api/v2.0/account', { token: secondLogin.body.data.access_token });
        assert.equal(tokenAfterRevoke.status, 401, 'tokens issued through a revoked client stop working');
      } finally {
        await server.close();
      }
    });

    it('reports errors as JSON with --json and a non-zero exit code', async () => {
      const badPlan = await cli('account', 'create', '--name', 'X', '--email', 'x@x.test', '--plan', 'platinum', '--json');
      assert.equal(badPlan.code, 1);
      assert.equal(JSON.parse(badPlan.stdout).error.code, 'INVALID_PLAN');
      const unknownClient = await cli('client', 'revoke', '--client', 'cli_nope', '--json');
      assert.equal(unknownClient.code, 1);
      assert.equal(JSON.parse(unknownClient.stdout).error.code, 'CLIENT_NOT_FOUND');
      const missingOption = await cli('client', 'create', '--json');
      assert.equal(missingOption.code, 2);
      assert.equal(JSON.parse(missingOption.stdout).error.code, 'USAGE_ERROR');
    });
  });
}

describe('countersign CLI help', () => {
  it('has --help on every command, and an overview', async () => {
    for (const command of [['serve'], ['migrate'], ['account', 'create'], ['client', 'create'], ['client', 'revoke']]) {
      const { stdout } = await exec('node', ['bin/countersign.js', ...command, '--help']);
      assert.match(stdout, /usage: countersign/, command.join(' '));
    }
    const { stdout } = await exec('node', ['bin/countersign.js', '--help']);
    assert.match(stdout, /account create/);
  });

  it('exits 2 with the overview on stderr when no command is given', async () => {
    const run = await exec('node', ['bin/countersign.js']).then(
      () => assert.fail('countersign without a command must not succeed'),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^usage: countersign <command>/);
    assert.match(run.stderr, /account create/);
  });
});
