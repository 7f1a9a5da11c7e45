import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { after, before, it } from 'node:test';
import { Redis } from 'ioredis';
import { describeOnEachDatabase, describeWithServer } from '../support/api-suite.js';
import { assertError, startTestServer, type TestServer } from '../support/test-server.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Logins of newAccount come from 127.0.0.1, whose counter Redis keeps across runs: room for a few runs a minute.
const PER_ADDRESS = 20;
const SHARED_ENV = {
  RATE_LIMIT_PER_MINUTE: '4',
  RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: String(PER_ADDRESS),
  TRUST_PROXY: '127.0.0.1',
  REDIS_URL,
};

const hitAccount = (server: TestServer, token: string) => server.call('GET', '/api/v2.0/account', { token });

describeOnEachDatabase(
  'rate limiting (docs/api/limits.md) in process',
  (server) => {
    it('answers 429 RATE_LIMITED with Retry-After and RateLimit-* headers past the limit of one API client', async () => {
      const account = await server.newAccount();
      const allowed = [
        await hitAccount(server, account.accessToken),
        await hitAccount(server, account.accessToken),
        await hitAccount(server, account.accessToken),
      ];
      for (const response of allowed) assert.equal(response.status, 200);
      assert.equal(allowed[2]?.headers.get('ratelimit-limit'), '3');
      assert.equal(allowed[2]?.headers.get('ratelimit-remaining'), '0');

      const limited = await hitAccount(server, account.accessToken);
      assert.equal(limited.status, 429);
      assert.equal(limited.body.errors[0].error_code, 'RATE_LIMITED');
      assert.ok(Number(limited.headers.get('retry-after')) > 0);
      assert.equal(limited.headers.get('ratelimit-remaining'), '0');
    });

    it('counts each API client separately', async () => {
      const first = await server.newAccount();
      const second = await server.newAccount();
      for (let i = 0; i < 4; i++) await hitAccount(server, first.accessToken);
      assertError(await hitAccount(server, first.accessToken), 429, 'RATE_LIMITED');
      assert.equal((await hitAccount(server, second.accessToken)).status, 200);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '3' } },
);

// Two processes' worth of servers sharing one Redis and one database: the second one starts in the test.
describeWithServer(
  'rate limiting with REDIS_URL',
  (server) => {
    let probe: Redis;
    let sibling: TestServer | undefined;
    before(() => {
      probe = new Redis(REDIS_URL);
    });
    after(async () => {
      await sibling?.close();
      probe.disconnect();
    });

    it('keeps the counters in Redis, so a second server sees the first one’s requests', async () => {
      const account = await server.newAccount();
      for (let i = 0; i < 4; i++) assert.equal((await hitAccount(server, account.accessToken)).status, 200);
      assertError(await hitAccount(server, account.accessToken), 429, 'RATE_LIMITED');

      const keys = await probe.keys('countersign:rate:client:*');
      assert.ok(keys.length > 0, 'counters are in Redis');
      const counted = await Promise.all(keys.map((key) => probe.get(key)));
      assert.ok(counted.some((value) => Number(value) >= 5));

      // A fresh in-process server would start from zero; one sharing Redis must not.
      sibling = await startTestServer('sqlite', { ...SHARED_ENV, DATA_DIR: server.dataDir });
      const fromSibling = await hitAccount(sibling, account.accessToken);
      assert.equal(fromSibling.status, 429);
      assert.equal(fromSibling.body.errors[0].error_code, 'RATE_LIMITED');
    });

    it('counts failed authentication per client address in Redis, across servers', async () => {
      // An address of this run only: Redis outlives the servers, and other runs share it.
      const address = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}::1`;
      const bogus = (target: TestServer) =>
        target.call('GET', '/api/v2.0/account', { token: 'cs_at_bogus', headers: { 'x-forwarded-for': address } });
      for (let i = 0; i < PER_ADDRESS; i++) assert.equal((await bogus(server)).status, 401);
      sibling ??= await startTestServer('sqlite', { ...SHARED_ENV, DATA_DIR: server.dataDir });
      const limited = await bogus(sibling);
      assert.equal(limited.status, 429);
      assert.equal(limited.body.errors[0].error_code, 'RATE_LIMITED');
      assert.ok(Number(limited.headers.get('retry-after')) > 0);
      assert.ok((await probe.keys('countersign:rate:ip:2001:db8:*')).length > 0, 'counters are in Redis, IPv6 by /64');
    });
  },
  { database: 'sqlite', env: SHARED_ENV },
);
