import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { testDatabases } from '../../support/databases.js';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy.js';
import { assertError, startTestServer, type ApiResponse, type TestServer } from '../../support/test-server.js';

const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const LIMIT = 5;
/** docs/operations/scaling.md: a counter update waits at most 1 s for Redis; with the request's own work, well under this. */
const ANSWER_BUDGET_MS = 2_000;
const GONE = 'Redis cannot be reached; rate limits are counted in each process until it answers again';
const BACK = 'Redis answers again; rate limits are shared again';

const logLines = (server: TestServer) =>
  server
    .loggedText()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string; reason?: object });

for (const database of testDatabases) {
  describe(`Redis gone (docs/operations/scaling.md) on ${database}`, () => {
    let proxy: TcpProxy;
    let server: TestServer;
    let probe: Redis;

    before(async () => {
      proxy = await startTcpProxy({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
      server = await startTestServer(
        database,
        { REDIS_URL: `redis://${proxy.host}:${proxy.port}`, RATE_LIMIT_PER_MINUTE: String(LIMIT) },
        { captureLog: true },
      );
      probe = new Redis(REDIS.toString());
    });
    after(async () => {
      probe?.disconnect();
      await server?.close();
      await proxy?.close();
    });

    /** What Redis holds for an API client: its count this minute, or null when nothing was counted there. */
    const countInRedis = async (clientId: string) => {
      const value = await probe.get(`countersign:rate:client:${clientId}`);
      return value === null ? null : Number(value);
    };

    const timedAccount = async (token: string): Promise<ApiResponse> => {
      const started = performance.now();
      const response = await server.call('GET', '/api/v2.0/account', { token });
      const ms = performance.now() - started;
      assert.ok(ms < ANSWER_BUDGET_MS, `answered ${response.status} in ${ms.toFixed(0)} ms`);
      return response;
    };

    const waitForLog = async (message: string, count: number) => {
      for (const until = Date.now() + 10_000; Date.now() < until; await sleep(100)) {
        if (logLines(server).filter((l) => l.msg === message).length >= count) return;
      }
      assert.fail(`no ${count}× "${message}" in the log`);
    };

    it('keeps answering while Redis refuses connections, counts each API client in the process (429 RATE_LIMITED past the limit), and counts in Redis again once it answers', async () => {
      const first = await server.newAccount();
      assert.equal((await timedAccount(first.accessToken)).status, 200);
      assert.equal(await countInRedis(first.client_id), 1, 'counted in Redis while it answers');

      await proxy.cut('refuse');
      try {
        // The process's own count starts at nought: the limit bites after LIMIT requests of its own.
        for (let i = 0; i < LIMIT; i++) assert.equal((await timedAccount(first.accessToken)).status, 200, `request ${i + 1}`);
        const limited = await timedAccount(first.accessToken);
        assertError(limited, 429, 'RATE_LIMITED');
        assert.match(limited.body.message, /./);
        assert.equal(limited.headers.get('ratelimit-limit'), String(LIMIT));
        assert.match(limited.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
        // Requests that need no counter of their own keep working too.
        assert.equal((await server.call('GET', '/readyz', { noAppAuthType: true })).status, 200);
        assert.equal(await countInRedis(first.client_id), 1, 'nothing reached Redis during the outage');
      } finally {
        await proxy.restore();
      }
      await waitForLog(BACK, 1);

      // Back in Redis: the client's count there (1) goes on, where the process's own (6) would refuse.
      assert.equal((await timedAccount(first.accessToken)).status, 200);
      assert.equal(await countInRedis(first.client_id), 2);
      const second = await server.newAccount();
      for (let i = 0; i < LIMIT; i++) assert.equal((await timedAccount(second.accessToken)).status, 200);
      assert.equal(await countInRedis(second.client_id), LIMIT);
      assertError(await timedAccount(second.accessToken), 429, 'RATE_LIMITED');
    });

    it('keeps answering without waiting on Redis while it holds connections unanswered', async () => {
      const account = await server.newAccount();
      await proxy.cut('hold');
      try {
        for (let i = 0; i < LIMIT; i++) assert.equal((await timedAccount(account.accessToken)).status, 200, `request ${i + 1}`);
        assertError(await timedAccount(account.accessToken), 429, 'RATE_LIMITED');
        assert.equal(await countInRedis(account.client_id), null);
      } finally {
        await proxy.restore();
      }
      await waitForLog(BACK, 2);
      assert.equal((await timedAccount(account.accessToken)).status, 200);
      assert.equal(await countInRedis(account.client_id), 1);
    });

    it('logs each outage once and its end once, by code and message only, and never an error', () => {
      const lines = logLines(server);
      assert.deepEqual(
        lines.filter((l) => l.level >= 50).map((l) => l.msg),
        [],
      );
      const gone = lines.filter((l) => l.msg === GONE);
      assert.equal(gone.length, 2, 'one warning per outage, not one per request or reconnection');
      assert.ok(gone.every((l) => l.level === 40 && l.reason && Object.keys(l.reason).every((k) => k === 'code' || k === 'message')));
      assert.equal(lines.filter((l) => l.msg === BACK).length, 2);
      assert.deepEqual(
        lines.map((l) => l.msg).filter((m) => m === GONE || m === BACK),
        [GONE, BACK, GONE, BACK],
      );
    });
  });
}
