import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { it } from 'node:test';
import { promisify } from 'node:util';
import { describeOnEachDatabase } from '../../support/api-suite.js';

const exec = promisify(execFile);

describeOnEachDatabase('countersign webhook list', (server) => {
  const cli = async (...args: string[]) => {
    const { database } = server.service.ctx.config;
    const env = {
      ...process.env,
      DATA_DIR: server.dataDir,
      LOG_LEVEL: 'warn',
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
    };
    try {
      const { stdout, stderr } = await exec('node', ['bin/countersign.js', 'webhook', 'list', ...args], { env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it("lists every account's webhooks, or one account's with --account, as JSON without their secrets", async () => {
    const first = await server.newAccount();
    const second = await server.newAccount();
    const hook = async (token: string, path: string) =>
      (
        await server.call('POST', '/api/v2.0/webhooks', {
          token,
          body: { url: `https://93.184.215.14${path}`, events: ['envelope.completed'] },
        })
      ).body.data as { webhook_id: string; secret: string };
    const a = await hook(first.accessToken, '/a');
    const b = await hook(second.accessToken, '/b');

    const all = await cli('--json');
    assert.equal(all.code, 0, all.stderr);
    const listed = JSON.parse(all.stdout).webhooks as { webhook_id: string; account_id: string; url: string; enabled: boolean }[];
    assert.deepEqual(listed.map((w) => w.webhook_id).sort(), [a.webhook_id, b.webhook_id].sort());
    assert.equal(all.stdout.includes(a.secret) || all.stdout.includes(b.secret), false);

    const one = await cli('--account', second.account_id, '--json');
    assert.deepEqual(
      JSON.parse(one.stdout).webhooks.map((w: { webhook_id: string; account_id: string; url: string; enabled: boolean }) => [
        w.webhook_id,
        w.account_id,
        w.url,
        w.enabled,
      ]),
      [[b.webhook_id, second.account_id, 'https://93.184.215.14/b', true]],
    );

    const text = await cli('--account', first.account_id);
    assert.match(
      text.stdout,
      new RegExp(`^${a.webhook_id}  ${first.account_id}  https://93\\.184\\.215\\.14/a  envelope\\.completed  enabled$`, 'm'),
    );

    const unknown = await cli('--account', 'acct_unknown', '--json');
    assert.equal(unknown.code, 1);
    assert.equal(JSON.parse(unknown.stdout).error.code, 'ACCOUNT_NOT_FOUND');
  });
});
