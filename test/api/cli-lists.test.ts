import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { testDatabases } from '../support/databases.js';
import { freshOperatorEnvironment, runCli } from '../support/cli-runner.js';

const exec = promisify(execFile);

for (const database of testDatabases) {
  describe(`countersign account list and client list on ${database}`, () => {
    const env = freshOperatorEnvironment(database);

    const cli = (...args: string[]) => runCli(env, args);

    const json = async (...args: string[]) => {
      const run = await cli(...args, '--json');
      assert.equal(run.code, 0, run.stderr);
      return JSON.parse(run.stdout);
    };

    let acme: { account_id: string; client_id: string; client_secret: string };
    let globex: { account_id: string; client_id: string; client_secret: string };
    let second: { client_id: string; client_secret: string };

    before(async () => {
      acme = await json('account', 'create', '--name', 'Acme', '--email', 'owner@acme.test', '--owner-name', 'Ada Owner');
      globex = await json('account', 'create', '--name', 'Globex', '--email', 'owner@globex.test', '--plan', 'business');
      second = await json('client', 'create', '--account', acme.account_id);
      await json('client', 'revoke', '--client', acme.client_id);
    });

    it('account list --json lists every account with its owner, oldest first', async () => {
      const listed = await json('account', 'list');
      assert.equal(listed.more, false);
      assert.deepEqual(
        listed.accounts.map((a: Record<string, unknown>) => [a.account_id, a.name, a.plan, a.owner_email]),
        [
          [acme.account_id, 'Acme', 'free', 'owner@acme.test'],
          [globex.account_id, 'Globex', 'business', 'owner@globex.test'],
        ],
      );
      assert.deepEqual(Object.keys(listed.accounts[0]).sort(), ['account_id', 'created_at', 'name', 'owner_email', 'owner_name', 'plan']);
      assert.equal(listed.accounts[0].owner_name, 'Ada Owner');
    });

    it('client list --json shows ids, status and dates of all clients or one account’s, and never a secret', async () => {
      const all = await cli('client', 'list', '--json');
      assert.equal(all.code, 0, all.stderr);
      for (const secret of [acme.client_secret, globex.client_secret, second.client_secret])
        assert.equal(all.stdout.includes(secret), false);
      const listed = JSON.parse(all.stdout);
      assert.deepEqual(Object.keys(listed.clients[0]).sort(), ['account_id', 'client_id', 'created_at', 'revoked_at', 'status']);
      assert.deepEqual(
        listed.clients.map((c: Record<string, unknown>) => c.client_id).sort(),
        [acme.client_id, globex.client_id, second.client_id].sort(),
      );

      const ofAcme = await json('client', 'list', '--account', acme.account_id);
      const statuses = Object.fromEntries(ofAcme.clients.map((c: Record<string, unknown>) => [c.client_id, c.status]));
      assert.deepEqual(statuses, { [acme.client_id]: 'revoked', [second.client_id]: 'active' });
      assert.ok(ofAcme.clients.find((c: Record<string, unknown>) => c.client_id === acme.client_id).revoked_at);
    });

    it('pages with --limit and --offset, saying when more follow', async () => {
      const first = await json('account', 'list', '--limit', '1');
      assert.equal(first.accounts.length, 1);
      assert.equal(first.more, true);
      const next = await json('account', 'list', '--limit', '1', '--offset', '1');
      assert.equal(next.accounts[0].account_id, globex.account_id);
      assert.equal(next.more, false);
    });

    it('prints a table for people, and refuses bad input with its code', async () => {
      const table = await cli('account', 'list');
      assert.equal(table.code, 0, table.stderr);
      const [header, ...rows] = table.stdout.trim().split('\n');
      assert.match(header!, /^account_id\s+name\s+plan\s+owner_name\s+owner_email\s+created_at$/);
      assert.equal(rows.length, 2);

      const unknown = await cli('client', 'list', '--account', 'acct_nope', '--json');
      assert.equal(unknown.code, 1);
      assert.equal(JSON.parse(unknown.stdout).error.code, 'ACCOUNT_NOT_FOUND');
      const tooMany = await cli('client', 'list', '--limit', '5000', '--json');
      assert.equal(tooMany.code, 1);
      assert.equal(JSON.parse(tooMany.stdout).error.code, 'INVALID_PAGINATION');
      const notANumber = await cli('account', 'list', '--limit', 'many', '--json');
      assert.equal(notANumber.code, 2);
      assert.equal(JSON.parse(notANumber.stdout).error.code, 'USAGE_ERROR');
    });
  });
}

describe('countersign CLI help for the operator lists and reseal', () => {
  it('has --help on account list, client list and envelope reseal, and lists them in the overview', async () => {
    for (const command of [
      ['account', 'list'],
      ['client', 'list'],
      ['envelope', 'reseal'],
    ]) {
      const { stdout } = await exec('node', ['bin/countersign.js', ...command, '--help']);
      assert.match(stdout, new RegExp(`usage: countersign ${command.join(' ')}`));
    }
    const { stdout } = await exec('node', ['bin/countersign.js', '--help']);
    for (const name of ['account list', 'client list', 'envelope reseal']) assert.match(stdout, new RegExp(name));
  });
});
