import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_LEASE_MS } from '../../../src/app/idempotency/idempotency-keys.js';
import { DatabaseUnavailable } from '../../../src/infra/db/database-unreachable.js';
import { merkleRoot } from '../../../src/infra/ledger/merkle.js';
import { testDatabases } from '../../support/databases.js';
import { envelopeRequest } from '../../support/envelopes.js';
import { verifyAuditLogs } from '../../support/independent-verifier.js';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy.js';
import { startTestServer, type ApiResponse, type TestServer } from '../../support/test-server.js';
import { signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';

/** PostgreSQL's trust authentication ignores it: it is there to be looked for in the log. */
const PASSWORD = 'outage-password-5c81f0e2';
const CUT_MS = 15_000;
/** docs/operations/scaling.md: every request that needs the database answers within 5 s while it is unreachable. */
const ANSWER_BUDGET_MS = 5_000;
const WORKERS = 3;
/** Leases taken on the frozen test clock before the cut (jobs 60 s, Idempotency-Keys 20 s) lapse after this. */
const PAST_EVERY_LEASE_MS = 120_000;

type Phase = 'before' | 'cut' | 'after';

interface Answer {
  what: string;
  from: Phase;
  to: Phase;
  startedAt: number;
  ms: number;
  response: ApiResponse;
}

/** One envelope: created under its own Idempotency-Key until acknowledged, then signed until acknowledged. */
interface Item {
  key: string;
  name: string;
  worker: number;
  envelopeId?: string;
  recipientId?: string;
  signingToken?: string;
  /** A signing answered 503: it may have committed before the connection broke. */
  signingInDoubt: boolean;
  signed: boolean;
}

/** The contract's answer while the database is unreachable: 503, Retry-After, the §0 error shape and no stack. */
const assertUnavailable = (answer: Answer) => {
  const { response } = answer;
  const where = `${answer.what}: ${response.status} ${JSON.stringify(response.body)}`;
  assert.equal(response.status, 503, where);
  assert.deepEqual(Object.keys(response.body).sort(), ['errors', 'message'], where);
  assert.equal(typeof response.body.message, 'string', where);
  assert.equal(response.body.errors.length, 1, where);
  assert.deepEqual(Object.keys(response.body.errors[0]).sort(), ['developer_message', 'error_code'], where);
  assert.equal(response.body.errors[0].error_code, 'SERVICE_UNAVAILABLE', where);
  assert.doesNotMatch(JSON.stringify(response.body), /\bat .+:\d+:\d+|postgres|5432/i, where);
  assert.match(response.headers.get('retry-after') ?? '', /^[1-9]\d*$/, where);
};

/** The service's database URL: through the proxy, with a password that must never reach the log. */
const throughProxy = (proxy: TcpProxy) => (url: string) => {
  const proxied = new URL(url);
  proxied.host = `${proxy.host}:${proxy.port}`;
  proxied.password = PASSWORD;
  return proxied.toString();
};

const logLines = (server: TestServer) =>
  server
    .loggedText()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string; reason?: { code?: string; message: string } });

// The pg driver's own failures: PostgreSQL only. A proxy stands between the service and PostgreSQL.
describe('PostgreSQL unreachable (docs/operations/scaling.md)', { skip: !testDatabases.includes('postgres') && 'PostgreSQL only' }, () => {
  let proxy: TcpProxy;
  let server: TestServer;
  let token: string;
  let base: Awaited<ReturnType<typeof envelopeRequest>>;

  before(async () => {
    proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 });
    server = await startTestServer(
      'postgres',
      { RATE_LIMIT_PER_MINUTE: '1000000' },
      { captureLog: true, databaseUrl: throughProxy(proxy) },
    );
    token = (await server.newAccount('enterprise')).accessToken;
    base = await envelopeRequest({
      signers: [
        {
          name: 'Ada Lovelace',
          email: 'ada@example.test',
          fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }],
        },
      ],
    });
  });
  after(async () => {
    await server?.close();
    await proxy?.close();
  });

  const createBody = (name: string) => ({ ...base, envelope: { ...base.envelope, name } });

  it('stays up through a 15 s cut under creations and signings: 503 SERVICE_UNAVAILABLE with Retry-After within 5 s and /readyz 503, then recovers by itself with every acknowledged envelope once', async (t) => {
    const answers: Answer[] = [];
    const items: Item[] = [];
    let phase: Phase = 'before';
    let creating = true;
    let polling = true;

    const timed = async (what: string, method: string, path: string, options: Parameters<TestServer['call']>[2] = {}) => {
      const from = phase;
      const startedAt = performance.now();
      const response = await server.call(method, path, options);
      const answer = { what, from, to: phase, startedAt, ms: performance.now() - startedAt, response };
      answers.push(answer);
      return answer;
    };

    const create = async (item: Item) => {
      const { response } = await timed('create', 'POST', '/api/v2.0/envelopes/create', {
        token,
        body: createBody(item.name),
        headers: { 'idempotency-key': item.key },
      });
      if (response.status === 201) {
        item.envelopeId = response.body.data.envelope_id;
        item.recipientId = response.body.data.recipients.signers[0].recipient_id;
        return;
      }
      if (response.status === 409 && response.body.errors?.[0]?.error_code === 'IDEMPOTENCY_KEY_IN_USE') {
        // The key's first request answered 503 and could not free it: it is taken over once its lease lapses.
        server.clock.advance(IDEMPOTENCY_LEASE_MS + 1_000);
      } else assert.equal(response.status, 503, `create ${item.key}: ${JSON.stringify(response.body)}`);
      await sleep(100);
    };

    const sign = async (item: Item) => {
      try {
        item.signingToken ??= await tokenFor(server, item.envelopeId!, item.recipientId!);
      } catch (error) {
        if (!(error instanceof DatabaseUnavailable)) throw error;
        return sleep(100);
      }
      const { response } = await timed('sign', 'POST', `/api/v2.0/signing/${item.signingToken}/sign`, { body: signBody() });
      if (response.status === 200) {
        item.signed = true;
        return;
      }
      if (response.status === 409 && item.signingInDoubt) {
        // The signature committed under an earlier answer of 503: the envelope says so.
        const details = await server.call('GET', `/api/v2.0/envelopes/${item.envelopeId}`, { token });
        assert.equal(details.body.data.recipients.signers[0].status, 'Signed', `sign ${item.key}: ${JSON.stringify(response.body)}`);
        item.signed = true;
        return;
      }
      assert.equal(response.status, 503, `sign ${item.key}: ${JSON.stringify(response.body)}`);
      item.signingInDoubt = true;
      await sleep(100);
    };

    const work = async (worker: number) => {
      for (;;) {
        let item = items.find((i) => i.worker === worker && !i.signed);
        if (!item) {
          if (!creating) return;
          const key = `outage-${items.length}`;
          item = { key, name: `Outage ${key}`, worker, signingInDoubt: false, signed: false };
          items.push(item);
        }
        await (item.envelopeId ? sign(item) : create(item));
      }
    };

    const poll = async () => {
      while (polling) {
        await timed('readyz', 'GET', '/readyz', { noAppAuthType: true });
        await timed('healthz', 'GET', '/healthz', { noAppAuthType: true });
        await sleep(200);
      }
    };

    const workers = Promise.all(Array.from({ length: WORKERS }, (_, w) => work(w)));
    const poller = poll();
    let restoredAt = 0;
    let recoveredAt: number | undefined;
    try {
      for (const until = Date.now() + 30_000; items.filter((i) => i.signed).length < WORKERS && Date.now() < until;) await sleep(50);
      phase = 'cut';
      await proxy.cut('hold');
      await sleep(CUT_MS);
      await proxy.restore();
      phase = 'after';
      restoredAt = performance.now();
      for (const until = Date.now() + 10_000; recoveredAt === undefined && Date.now() < until; await sleep(100)) {
        const ready = await timed('readyz', 'GET', '/readyz', { noAppAuthType: true });
        if (ready.response.status === 200) recoveredAt = performance.now();
      }
      assert.ok(recoveredAt !== undefined, '/readyz answers 200 again after the database returns, without a restart');
      await sleep(2_000);
    } finally {
      await proxy.restore();
      creating = false;
      polling = false;
      await Promise.allSettled([workers, poller]);
    }
    await workers;

    const duringCut = answers.filter((a) => a.from === 'cut' || a.to === 'cut');
    const requests = duringCut.filter((a) => a.what === 'create' || a.what === 'sign');
    for (const answer of requests) {
      if (answer.response.status !== 200 && answer.response.status !== 201) assertUnavailable(answer);
    }
    for (const answer of duringCut) {
      assert.ok(answer.ms <= ANSWER_BUDGET_MS, `${answer.what} answered ${answer.response.status} in ${answer.ms.toFixed(0)} ms`);
    }
    assert.ok(
      requests.filter((a) => a.response.status === 503).length >= WORKERS,
      'the cut reached the requests (503 SERVICE_UNAVAILABLE)',
    );
    const readiness = answers.filter((a) => a.what === 'readyz' && a.from === 'cut' && a.to === 'cut');
    assert.ok(readiness.length > 0);
    assert.deepEqual(
      readiness.map((a) => a.response.status).filter((s) => s !== 503),
      [],
      '/readyz answers 503 while the database is unreachable',
    );
    const liveness = answers.filter((a) => a.what === 'healthz' && a.from === 'cut');
    assert.ok(liveness.length > 0 && liveness.every((a) => a.response.status === 200), 'the process stays up and answers /healthz');
    const afterRecovery = answers.filter((a) => a.startedAt > recoveredAt! && (a.what === 'create' || a.what === 'sign'));
    assert.ok(afterRecovery.some((a) => a.response.status === 201) && afterRecovery.some((a) => a.response.status === 200));
    assert.deepEqual(
      afterRecovery.filter((a) => a.response.status >= 500).map((a) => `${a.what} ${a.response.status}`),
      [],
      'requests succeed again once the database answers',
    );
    t.diagnostic(
      `${items.length} envelopes; ${requests.length} requests met the cut, ${requests.filter((a) => a.response.status === 503).length} answered 503, ` +
        `slowest ${Math.max(...duringCut.map((a) => a.ms)).toFixed(0)} ms; ready again ${(recoveredAt! - restoredAt).toFixed(0)} ms after the restore`,
    );

    // Every acknowledged creation is there once, and no retry of a key made a second envelope.
    assert.ok(items.every((i) => i.envelopeId && i.signed));
    const listed = await server.call('POST', '/api/v2.0/envelopes/list', { token, body: { page_size: 100 } });
    assert.equal(listed.status, 200);
    assert.equal(listed.body.data.total, items.length);
    assert.deepEqual(
      listed.body.data.envelopes.map((e: { envelope_id: string; name: string }) => `${e.envelope_id} ${e.name}`).sort(),
      items.map((i) => `${i.envelopeId} ${i.name}`).sort(),
    );

    // The work left behind by the cut (leased jobs, sealing) resumes, and the ledger holds together.
    server.clock.advance(PAST_EVERY_LEASE_MS);
    for (const item of items) assert.equal((await waitForCompletion(server, item.envelopeId!, 60_000)).status, 'Completed', item.key);
    const trust = (await server.call('GET', '/api/v2.0/ledger/trust', { noAppAuthType: true })).body.data;
    for (const item of items) {
      const logs = await server.call('GET', `/api/v2.0/envelopes/${item.envelopeId}/audit_logs`, { token });
      assert.deepEqual(
        verifyAuditLogs(logs.body.data, trust.ledger_public_key).filter((s) => !s.ok),
        [],
        item.key,
      );
    }
    const entries = await server.service.ctx.db
      .selectFrom('ledger_entries')
      .select(['block_number', 'entry_hash'])
      .orderBy('block_number')
      .execute();
    assert.deepEqual(
      entries.map((e) => Number(e.block_number)),
      entries.map((_, i) => i + 1),
      'every entry numbered, 1..n without gaps',
    );
    const head = (await server.call('GET', '/api/v2.0/ledger/head', { noAppAuthType: true })).body.data;
    assert.equal(head.tree_size, entries.length);
    assert.equal(
      head.root_hash,
      Buffer.from(merkleRoot(entries.map((e) => Uint8Array.from(Buffer.from(e.entry_hash, 'hex'))))).toString('hex'),
    );
  });

  it('answers 503 SERVICE_UNAVAILABLE at once while PostgreSQL refuses connections, and the same Idempotency-Key creates the envelope once it accepts them', async () => {
    await proxy.cut('refuse');
    try {
      const started = performance.now();
      const refused = await server.call('POST', '/api/v2.0/envelopes/create', {
        token,
        body: createBody('Refused'),
        headers: { 'idempotency-key': 'refused-1' },
      });
      const ms = performance.now() - started;
      assertUnavailable({ what: 'create', from: 'cut', to: 'cut', startedAt: started, ms, response: refused });
      assert.ok(ms < 1_500, `a refused connection is answered without waiting out the connection timeout (${ms.toFixed(0)} ms)`);
      assert.equal((await server.call('GET', '/readyz', { noAppAuthType: true })).status, 503);
    } finally {
      await proxy.restore();
    }
    assert.equal((await server.call('GET', '/readyz', { noAppAuthType: true })).status, 200);
    const created = await server.call('POST', '/api/v2.0/envelopes/create', {
      token,
      body: createBody('Refused'),
      headers: { 'idempotency-key': 'refused-1' },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.headers.get('idempotent-replayed'), null);
    const named = await server.call('POST', '/api/v2.0/envelopes/list', { token, body: { filters: { name_contains: 'Refused' } } });
    assert.equal(named.body.data.total, 1);
  });

  it('logs each kind of connection failure once per outage and its end, never the database password nor a pg client', () => {
    const text = server.loggedText();
    assert.ok(!text.includes(PASSWORD), 'the DATABASE_URL password is not in the log');
    assert.doesNotMatch(text, /connectionParameters|_queryable|"_clients"/, 'no pg client or pool is dumped into the log');
    const lines = logLines(server);
    assert.deepEqual(
      lines.filter((l) => l.level >= 50).map((l) => l.msg),
      [],
      'no request or job logged an error',
    );
    // The ledger numbering after a commit that just made it warns once per run (a handful at most);
    // requests and jobs that meet the outage leave it to the pool's lines.
    assert.deepEqual(
      lines
        .filter((l) => JSON.stringify(l).includes('DatabaseUnavailable') && !l.msg.startsWith('Numbering ledger entries failed'))
        .map((l) => l.msg),
      [],
      'nothing else that met the outage logs it again',
    );
    const failures = lines.filter((l) => l.msg.startsWith('PostgreSQL cannot be reached'));
    const recoveries = lines.filter((l) => l.msg === 'PostgreSQL answers again');
    assert.ok(failures.length > 0 && recoveries.length >= 2, 'both outages and their ends are logged');
    assert.ok(
      failures.every((l) => l.reason && Object.keys(l.reason).every((k) => k === 'code' || k === 'message')),
      'a failure is logged by its code and message only',
    );
    // Between two recoveries, each kind of failure appears once, however many requests met it.
    let kinds = new Set<string>();
    for (const line of lines) {
      if (line.msg === 'PostgreSQL answers again') kinds = new Set();
      if (!line.msg.startsWith('PostgreSQL cannot be reached')) continue;
      const kind = line.reason!.code ?? line.reason!.message;
      assert.ok(!kinds.has(kind), `${kind} logged twice in one outage`);
      kinds.add(kind);
    }
  });
});
