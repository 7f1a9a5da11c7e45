import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { before, it } from 'node:test';
import { IDEMPOTENCY_HEARTBEAT_MS } from '../../../src/app/idempotency/idempotency-keys.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest } from '../../support/envelopes.js';

const CREATE = '/api/v2.0/envelopes/create';
const codes = (body: { errors: { error_code: string }[] }) => body.errors.map((e) => e.error_code);

// Finding 4 of issue 8: a slow creation retried after the old 60 s takeover made a second
// envelope, and a failure after the commit freed the key for a second one too.
describeOnEachDatabase('Idempotency-Key under slow and failing creations (docs/api/conventions.md)', (server) => {
  let account: Awaited<ReturnType<typeof server.newAccount>>;
  before(async () => {
    account = await server.newAccount();
  });

  const create = (body: unknown, key: string) =>
    server.call('POST', CREATE, { token: account.accessToken, body, headers: { 'idempotency-key': key } });

  const envelopeIds = async () =>
    (await server.service.ctx.db.selectFrom('envelopes').select('id').where('account_id', '=', account.account_id).execute()).map(
      (row) => row.id,
    );
  const envelopeCount = async () => (await envelopeIds()).length;

  const leaseUntil = async (key: string) => {
    const row = await server.service.ctx.db
      .selectFrom('idempotency_keys')
      .select('lease_until')
      .where('account_id', '=', account.account_id)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row?.lease_until ?? null;
  };

  /** Holds every document write until `release()`: the creation is in progress meanwhile. */
  const holdDocumentWrites = () => {
    const blobs = server.service.ctx.blobs;
    const put = blobs.put;
    let release!: () => void;
    let entered!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => (entered = resolve));
    blobs.put = async (bytes) => {
      entered();
      await gate;
      return put(bytes);
    };
    return {
      started,
      release: () => {
        blobs.put = put;
        release();
      },
    };
  };

  it('answers 409 IDEMPOTENCY_KEY_IN_USE to a retry at +66 s while the first request still runs, then replays its one envelope', async () => {
    const before = await envelopeCount();
    const body = await envelopeRequest();
    const hold = holdDocumentWrites();
    const first = create(body, 'slow-1');
    const advanced = 66_000;
    try {
      await hold.started;
      server.clock.advance(advanced);
      // The first request's heartbeat renews its lease past the retry's "now": it is alive.
      const deadline = Date.now() + IDEMPOTENCY_HEARTBEAT_MS * 3;
      while (((await leaseUntil('slow-1')) ?? '') <= server.clock.now().toISOString()) {
        assert.ok(Date.now() < deadline, 'the running request renewed its lease');
        await sleep(100);
      }
      const retry = await create(body, 'slow-1');
      assert.equal(retry.status, 409);
      assert.deepEqual(codes(retry.body), ['IDEMPOTENCY_KEY_IN_USE']);
    } finally {
      hold.release();
    }
    const done = await first;
    assert.equal(done.status, 201);
    assert.equal(done.headers.get('idempotent-replayed'), null);

    const replay = await create(body, 'slow-1');
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(replay.body, done.body);
    assert.equal(await envelopeCount(), before + 1);
    server.clock.advance(-advanced);
  });

  it('replays the committed envelope after a failure between the commit and the response, and creates no second one', async () => {
    const before = await envelopeIds();
    const body = await envelopeRequest();
    const jobs = server.service.ctx.jobs;
    const poke = jobs.poke;
    // The first thing after the commit fails, as a crash or a lost connection would end the request there.
    jobs.poke = () => {
      jobs.poke = poke;
      throw new Error('simulated crash after the commit');
    };
    const failed = await create(body, 'crash-1');
    assert.equal(failed.status, 500);
    const created = (await envelopeIds()).filter((id) => !before.includes(id));
    assert.equal(created.length, 1);

    const retry = await create(body, 'crash-1');
    assert.equal(retry.status, 201);
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    assert.equal(retry.body.data.envelope_id, created[0]);
    assert.equal(await envelopeCount(), before.length + 1);
  });

  it('frees the key of a request that failed before committing, so its retry creates the envelope', async () => {
    const before = await envelopeCount();
    const body = await envelopeRequest();
    const blobs = server.service.ctx.blobs;
    const put = blobs.put;
    blobs.put = async () => {
      blobs.put = put;
      throw new Error('simulated storage failure');
    };
    assert.equal((await create(body, 'fail-1')).status, 500);
    const retry = await create(body, 'fail-1');
    assert.equal(retry.status, 201);
    assert.equal(retry.headers.get('idempotent-replayed'), null);
    assert.equal(await envelopeCount(), before + 1);
  });
});
