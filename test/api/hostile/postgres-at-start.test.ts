import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPostgresDatabase, testDatabases } from '../../support/databases.js';
import { refusedStart } from '../../support/refused-start.js';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy.js';

/** PostgreSQL's trust authentication ignores it: it is there to be looked for in what the process prints. */
const PASSWORD = 'start-password-9d27a4c1';
const RETRYING = /^PostgreSQL at 127\.0\.0\.1:\d+ cannot be reached yet; retrying in \d+ s$/;

const logMessages = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

describe(
  'PostgreSQL unreachable at start (docs/operations/scaling.md)',
  { skip: !testDatabases.includes('postgres') && 'PostgreSQL only' },
  () => {
    let proxy: TcpProxy;
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let dataDir: string;
    let env: Record<string, string>;

    before(async () => {
      proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 });
      database = await createPostgresDatabase();
      dataDir = mkdtempSync(join(tmpdir(), 'countersign-pg-start-'));
      const url = new URL(database.url);
      url.host = `${proxy.host}:${proxy.port}`;
      url.password = PASSWORD;
      env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
    });
    after(async () => {
      await proxy?.close();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('retries while PostgreSQL refuses connections, saying so in the log, and starts and serves once it answers', async () => {
      await proxy.cut('refuse');
      const child = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          PORT: '0',
          HOST: '127.0.0.1',
          ...env,
          DATABASE_START_WAIT_SECONDS: '60',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      /** What `pattern` finds in the output, once the process printed it. */
      const printed = async (pattern: RegExp) => {
        for (const until = Date.now() + 60_000; Date.now() < until; await sleep(100)) {
          const found = output.match(pattern);
          if (found) return found;
          if (child.exitCode !== null) break;
        }
        assert.fail(`never printed ${pattern}:\n${output}`);
      };
      try {
        // Two attempts refused, then PostgreSQL is back.
        await printed(/retrying in 2 s/);
        await proxy.restore();
        const [, url] = await printed(/listening on (http:\/\/\S+)/);
        assert.equal((await fetch(`${url}/readyz`)).status, 200);
      } finally {
        await proxy.restore();
        child.kill('SIGTERM');
        await exited;
      }
      const messages = logMessages(output);
      assert.equal(messages.filter((m) => RETRYING.test(m)).length, 2, output);
      assert.ok(messages.some((m) => /^PostgreSQL at 127\.0\.0\.1:\d+ answers; starting$/.test(m)));
      assert.doesNotMatch(output, /\n\s+at /, 'no stack');
      assert.ok(!output.includes(PASSWORD), 'the DATABASE_URL password is not printed');
    });

    it('exits 1 with one line naming the host of DATABASE_URL, never its password, when PostgreSQL does not answer within DATABASE_START_WAIT_SECONDS', async () => {
      await proxy.cut('hold');
      try {
        const { code, stdout, stderr } = await refusedStart({ ...env, DATABASE_START_WAIT_SECONDS: '3' });
        assert.equal(code, 1);
        assert.equal(
          stderr.trim(),
          `Configuration error: DATABASE_URL names PostgreSQL at 127.0.0.1:${proxy.port}, which did not answer within 3 s (DATABASE_START_WAIT_SECONDS): start it, or correct the host and port`,
        );
        const messages = logMessages(stdout);
        assert.ok(
          messages.some((m) => RETRYING.test(m)),
          messages.join('\n'),
        );
        assert.equal(stdout.split('\n').filter(Boolean).length, messages.length, 'the log is JSON lines only');
        assert.ok(!`${stdout}${stderr}`.includes(PASSWORD), 'the DATABASE_URL password is not printed');
      } finally {
        await proxy.restore();
      }
    });
  },
);
