import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { S3Client } from '@aws-sdk/client-s3';
import { testDatabases } from '../../support/databases.js';
import { envelopeRequest } from '../../support/envelopes.js';
import { makePdf } from '../../support/pdf-fixtures.js';
import { startS3FaultProxy, type S3FaultProxy } from '../../support/s3-fault-proxy.js';
import { objectInBucket, S3_TEST_CREDENTIALS, startS3Server, type S3TestServer } from '../../support/s3-server.js';
import { startTestServer, type ApiResponse, type TestServer } from '../../support/test-server.js';
import { signBody, tokenFor } from '../signing/signing-helpers.js';

const PREFIX = 'documents';
const WORKERS = 3;
const FAIL_MS = 3_000;
/** Longer than the S3 client's three idle time-outs of 5 s: requests held from the start give up within it. */
const HOLD_MS = 19_000;
/** docs/operations/scaling.md: while S3 fails or stalls, a request that needs it answers 503 within about 16 s. */
const ANSWER_BUDGET_MS = 20_000;
/** Past every sealing retry a short outage schedules (30 s, 2 min, 10 min). */
const PAST_SEALING_RETRIES_MS = 13 * 60_000;

type Phase = 'before' | 'failing' | 'stalled' | 'after';

interface Answer {
  what: string;
  from: Phase;
  to: Phase;
  ms: number;
  response: ApiResponse;
}

/** One envelope: created under its own Idempotency-Key until acknowledged, then signed. */
interface Item {
  key: string;
  worker: number;
  document: Uint8Array;
  envelopeId?: string;
  documentId?: string;
  recipientId?: string;
  signed: boolean;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The contract's answer while the document store cannot be used: 503, Retry-After, the error shape, nothing of S3. */
const assertUnavailable = (answer: Answer) => {
  const { response } = answer;
  const where = `${answer.what}: ${response.status} ${JSON.stringify(response.body)}`;
  assert.equal(response.status, 503, where);
  assert.deepEqual(Object.keys(response.body).sort(), ['errors', 'message'], where);
  assert.deepEqual(
    response.body.errors.map((e: { error_code: string }) => e.error_code),
    ['SERVICE_UNAVAILABLE'],
    where,
  );
  assert.match(response.body.errors[0].developer_message, /document store/, where);
  assert.doesNotMatch(JSON.stringify(response.body), /\bat .+:\d+:\d+|s3|127\.0\.0\.1|bucket/i, where);
  assert.match(response.headers.get('retry-after') ?? '', /^[1-9]\d*$/, where);
};

for (const database of testDatabases) {
  describe(`the S3 document store failing (docs/operations/scaling.md) on ${database}`, () => {
    let s3: S3TestServer;
    let proxy: S3FaultProxy;
    let bucket: S3Client;
    let server: TestServer;
    let token: string;

    before(async () => {
      s3 = await startS3Server();
      proxy = await startS3FaultProxy(s3.endpoint);
      bucket = new S3Client({
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: S3_TEST_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3_TEST_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
      });
      server = await startTestServer(
        database,
        { ...s3.env(PREFIX), S3_ENDPOINT: proxy.endpoint, RATE_LIMIT_PER_MINUTE: '1000000' },
        { captureLog: true },
      );
      token = (await server.newAccount('enterprise')).accessToken;
    });
    after(async () => {
      await server?.close();
      bucket?.destroy();
      await proxy?.close();
      await s3?.close();
    });

    const inBucket = (sha: string) => objectInBucket(bucket, s3.bucket, PREFIX, sha);

    const newItem = async (key: string, worker: number): Promise<Item> => ({
      key,
      worker,
      document: await makePdf({ pages: 1, text: `S3 fault ${randomUUID()}` }),
      signed: false,
    });

    const createBody = async (item: Item) => {
      const request = await envelopeRequest({
        envelope: { name: `S3 ${item.key}` },
        signers: [
          {
            name: 'Ada Lovelace',
            email: 'ada@example.test',
            fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }],
          },
        ],
      });
      request.documents[0]!.content_base64 = Buffer.from(item.document).toString('base64');
      return request;
    };

    const acknowledge = (item: Item, response: ApiResponse) => {
      item.envelopeId = response.body.data.envelope_id;
      item.documentId = response.body.data.documents[0].document_id;
      item.recipientId = response.body.data.recipients.signers[0].recipient_id;
    };

    const sign = async (item: Item) => {
      const signingToken = await tokenFor(server, item.envelopeId!, item.recipientId!);
      return server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() });
    };

    /** Runs due jobs, moving the clock past the sealing retries, until every envelope is sealed. */
    const sealAll = async (items: Item[]) => {
      const ids = items.map((i) => i.envelopeId!);
      for (let round = 0; round < 4; round++) {
        await server.service.worker.drain();
        const open = await server.service.ctx.db
          .selectFrom('envelopes')
          .select('id')
          .where('id', 'in', ids)
          .where('status', '!=', 'Completed')
          .execute();
        if (open.length === 0) return;
        server.clock.advance(PAST_SEALING_RETRIES_MS);
      }
      assert.fail('every envelope is sealed once S3 answers again');
    };

    const download = async (envelopeId: string, documentId: string) => {
      const response = await fetch(`${server.url}/api/v2.0/envelopes/${envelopeId}/${documentId}/download`, {
        headers: { authorization: `Bearer ${token}`, app_auth_type: 'esign-oauth2', accept: 'application/pdf' },
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      assert.equal(response.status, 200, `${envelopeId} ${documentId}: ${bytes.toString()}`);
      return bytes;
    };

    /**
     * Every acknowledged envelope is sealed with all its bytes in the bucket: the original as sent,
     * the sealed copy and the certificate as their rows name them, and each downloads as stored.
     */
    const assertSealedWithEveryByte = async (items: Item[]) => {
      for (const item of items) {
        const rows = await server.service.ctx.db
          .selectFrom('documents')
          .select(['id', 'position', 'sha256', 'sealed_sha256'])
          .where('envelope_id', '=', item.envelopeId!)
          .orderBy('position')
          .execute();
        const [certificate, document] = rows;
        assert.equal(rows.length, 2, `${item.key}: its document and its certificate`);
        assert.equal(document!.sha256, sha256(item.document), `${item.key}: the document is the one sent`);
        const original = await inBucket(document!.sha256);
        assert.ok(original && Buffer.from(original).equals(item.document), `${item.key}: the original is in the bucket`);
        for (const [row, documentId] of [
          [document!, document!.id],
          [certificate!, 'certificate'],
        ] as const) {
          assert.ok(row.sealed_sha256, `${item.key} ${documentId} is sealed`);
          const stored = await inBucket(row.sealed_sha256);
          assert.ok(stored && sha256(stored) === row.sealed_sha256, `${item.key} ${documentId}: the sealed copy is in the bucket`);
          assert.ok((await download(item.envelopeId!, documentId)).equals(stored), `${item.key} ${documentId} downloads as stored`);
        }
      }
    };

    it('retries S3’s passing 500 and 503 answers: every creation and signing succeeds and every envelope is sealed into the bucket', async () => {
      proxy.flaky([500, 503]);
      try {
        const items = await Promise.all(Array.from({ length: 6 }, (_, i) => newItem(`flaky-${i}`, i)));
        await Promise.all(
          items.map(async (item) => {
            const created = await server.call('POST', '/api/v2.0/envelopes/create', { token, body: await createBody(item) });
            assert.equal(created.status, 201, JSON.stringify(created.body));
            acknowledge(item, created);
            const signed = await sign(item);
            assert.equal(signed.status, 200, JSON.stringify(signed.body));
          }),
        );
        // Sealing reads the original and writes the sealed copy and the certificate, each failing once first.
        for (let round = 0; round < 20; round++) await server.service.worker.drain();
        const statuses = await server.service.ctx.db
          .selectFrom('envelopes')
          .select('status')
          .where(
            'id',
            'in',
            items.map((i) => i.envelopeId!),
          )
          .execute();
        assert.deepEqual(
          statuses.map((s) => s.status),
          items.map(() => 'Completed'),
          'sealed at the first attempt: the client retried each S3 request',
        );
        assert.ok(proxy.counts().failed >= items.length * 4, `the faults were met (${JSON.stringify(proxy.counts())})`);
        await assertSealedWithEveryByte(items);
      } finally {
        proxy.restore();
      }
    });

    it('answers 503 SERVICE_UNAVAILABLE with Retry-After within 20 s while S3 answers 503 and then stalls, keeps /readyz 200, and afterwards has every acknowledged envelope sealed with all its bytes', async (t) => {
      const answers: Answer[] = [];
      const items: Item[] = [];
      let phase: Phase = 'before';
      let creating = true;
      let polling = true;
      let keys = 0;

      const timed = async (what: string, method: string, path: string, options: Parameters<TestServer['call']>[2] = {}) => {
        const from = phase;
        const started = performance.now();
        const response = await server.call(method, path, options);
        const answer = { what, from, to: phase, ms: performance.now() - started, response };
        answers.push(answer);
        return answer;
      };

      const create = async (item: Item) => {
        const { response } = await timed('create', 'POST', '/api/v2.0/envelopes/create', {
          token,
          body: await createBody(item),
          headers: { 'idempotency-key': item.key },
        });
        if (response.status === 201) return acknowledge(item, response);
        await sleep(200);
      };

      const work = async (worker: number) => {
        for (;;) {
          let item = items.find((i) => i.worker === worker && !i.signed);
          if (!item) {
            if (!creating) return;
            const key = `outage-${keys++}`;
            item = await newItem(key, worker);
            items.push(item);
          }
          if (!item.envelopeId) await create(item);
          else {
            const signed = await sign(item);
            assert.equal(signed.status, 200, `signing needs no document bytes: ${JSON.stringify(signed.body)}`);
            item.signed = true;
          }
        }
      };

      const poll = async () => {
        while (polling) {
          await timed('readyz', 'GET', '/readyz', { noAppAuthType: true });
          await timed('healthz', 'GET', '/healthz', { noAppAuthType: true });
          await sleep(250);
        }
      };

      // Signed during the outage: its sealing meets it.
      const sealedLater = await newItem('outage-sealing', -1);
      const created = await server.call('POST', '/api/v2.0/envelopes/create', { token, body: await createBody(sealedLater) });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      acknowledge(sealedLater, created);
      items.push(sealedLater);

      const workers = Promise.all(Array.from({ length: WORKERS }, (_, w) => work(w)));
      const poller = poll();
      try {
        for (const until = Date.now() + 30_000; items.filter((i) => i.signed).length < WORKERS && Date.now() < until;) await sleep(50);
        phase = 'failing';
        proxy.fail(503);
        assert.equal((await sign(sealedLater)).status, 200);
        sealedLater.signed = true;
        await server.service.worker.drain();
        await sleep(FAIL_MS);
        proxy.hold();
        phase = 'stalled';
        await sleep(HOLD_MS);
        proxy.restore();
        phase = 'after';
        await sleep(2_000);
      } finally {
        proxy.restore();
        creating = false;
        polling = false;
        await Promise.allSettled([workers, poller]);
      }
      await workers;

      const duringOutage = (phase: Phase) => phase === 'failing' || phase === 'stalled';
      const met = answers.filter((a) => a.what === 'create' && (duringOutage(a.from) || duringOutage(a.to)));
      for (const answer of met) if (answer.response.status !== 201) assertUnavailable(answer);
      for (const answer of answers) {
        assert.ok(answer.ms <= ANSWER_BUDGET_MS, `${answer.what} answered ${answer.response.status} in ${answer.ms.toFixed(0)} ms`);
      }
      assert.ok(
        met.some((a) => a.response.status === 503 && a.ms < 5_000),
        'S3’s 503s reached the creations, and were answered without waiting',
      );
      assert.ok(
        met.some((a) => a.response.status === 503 && a.from === 'stalled' && a.to === 'stalled' && a.ms > 4_000),
        'the stall reached the creations, and they gave up on it while it lasted instead of hanging',
      );
      assert.deepEqual(
        answers
          .filter((a) => a.what === 'readyz' || a.what === 'healthz')
          .map((a) => a.response.status)
          .filter((s) => s !== 200),
        [],
        '/readyz reports the database only, and the process stays up',
      );
      const afterwards = answers.filter((a) => a.from === 'after' && a.what === 'create');
      assert.ok(afterwards.length > 0 && afterwards.every((a) => a.response.status === 201), 'creations succeed again without a restart');
      t.diagnostic(
        `${items.length} envelopes; ${met.length} creations met the outage, ${met.filter((a) => a.response.status === 503).length} answered 503, ` +
          `slowest ${Math.max(...answers.map((a) => a.ms)).toFixed(0)} ms; ${JSON.stringify(proxy.counts())}`,
      );

      // Every acknowledged creation is there once, and nothing the outage refused was created.
      const listed = await server.call('POST', '/api/v2.0/envelopes/list', {
        token,
        body: { page_size: 100, filters: { name_contains: 'S3 outage-' } },
      });
      assert.deepEqual(
        listed.body.data.envelopes.map((e: { envelope_id: string }) => e.envelope_id).sort(),
        items.map((i) => i.envelopeId).sort(),
      );
      // Sealings the outage failed are retried until they go through.
      const completion = await server.service.ctx.db
        .selectFrom('envelope_completions')
        .select(['state', 'attempts'])
        .where('envelope_id', '=', sealedLater.envelopeId!)
        .executeTakeFirstOrThrow();
      assert.deepEqual(completion, { state: 'retrying', attempts: 1 }, 'the sealing the outage met is scheduled again');
      await sealAll(items);
      await assertSealedWithEveryByte(items);

      const lines = server
        .loggedText()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      assert.deepEqual(
        lines.filter((l) => l.level >= 50).map((l) => l.msg),
        [],
        'no request logged an error',
      );
      assert.ok(lines.some((l) => l.msg.startsWith('The S3 document store s3://countersign-test cannot be used')));
      assert.ok(lines.some((l) => l.msg === 'The S3 document store s3://countersign-test answers again'));
    });
  });
}
