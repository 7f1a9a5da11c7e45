import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  IDEMPOTENCY_LEASE_MS,
  recordIdempotentResponse,
  releaseIdempotencyKey,
  type Claim,
  type IdempotencyClaim,
} from '../../src/app/idempotency/idempotency-keys.js';
import type { AppError } from '../../src/domain/app-error.js';
import { describeOnEachDatabase } from '../support/api-suite.js';

const claimOf = (claim: Claim): IdempotencyClaim => {
  assert.equal(claim.kind, 'claimed');
  return (claim as Extract<Claim, { kind: 'claimed' }>).claim;
};

// The mechanism behind the Idempotency-Key header, on the real database; the header itself is
// exercised through the envelope creation routes.
describeOnEachDatabase('idempotency keys (docs/api/conventions.md)', (server) => {
  let accountId: string;
  before(async () => {
    accountId = (await server.newAccount()).account_id;
  });

  /** Runs `body` with the test clock moved on by `ms`, then moves it back. */
  const later = async (ms: number, body: () => Promise<void>) => {
    server.clock.advance(ms);
    try {
      await body();
    } finally {
      server.clock.advance(-ms);
    }
  };

  it('claims a new key, replays the stored response, and refuses another body with the same key', async () => {
    const ctx = server.service.ctx;
    const claim = claimOf(await claimIdempotencyKey(ctx, accountId, 'key-1', 'hash-a'));
    assert.deepEqual(await claimIdempotencyKey(ctx, accountId, 'key-1', 'hash-a'), { kind: 'in-use' });
    await completeIdempotencyKey(ctx, claim, { status: 201, body: '{"message":"Created."}' });
    assert.deepEqual(await claimIdempotencyKey(ctx, accountId, 'key-1', 'hash-a'), {
      kind: 'replay',
      status: 201,
      body: '{"message":"Created."}',
    });
    assert.deepEqual(await claimIdempotencyKey(ctx, accountId, 'key-1', 'hash-b'), { kind: 'reused-with-another-body' });
  });

  it('scopes keys to the account', async () => {
    const other = (await server.newAccount()).account_id;
    const ctx = server.service.ctx;
    assert.equal((await claimIdempotencyKey(ctx, accountId, 'shared', 'hash-a')).kind, 'claimed');
    assert.equal((await claimIdempotencyKey(ctx, other, 'shared', 'hash-b')).kind, 'claimed');
  });

  it('frees a released key, and forgets a key after 24 hours', async () => {
    const ctx = server.service.ctx;
    await releaseIdempotencyKey(ctx, claimOf(await claimIdempotencyKey(ctx, accountId, 'key-2', 'hash-a')));
    const again = claimOf(await claimIdempotencyKey(ctx, accountId, 'key-2', 'hash-b'));
    await completeIdempotencyKey(ctx, again, { status: 201, body: '{}' });
    await later((24 * 3600 + 1) * 1000, async () => {
      assert.equal((await claimIdempotencyKey(ctx, accountId, 'key-2', 'hash-c')).kind, 'claimed');
    });
  });

  it('keeps a key whose lease is still running, whatever its age, and takes over one whose lease lapsed', async () => {
    const ctx = server.service.ctx;
    await claimIdempotencyKey(ctx, accountId, 'key-3', 'hash-a');
    await later(IDEMPOTENCY_LEASE_MS - 1000, async () => {
      assert.deepEqual(await claimIdempotencyKey(ctx, accountId, 'key-3', 'hash-a'), { kind: 'in-use' });
    });
    await later(IDEMPOTENCY_LEASE_MS + 1000, async () => {
      assert.equal((await claimIdempotencyKey(ctx, accountId, 'key-3', 'hash-a')).kind, 'claimed');
    });
  });

  it('rolls back the work of a request whose key was taken over, so only one of them takes effect', async () => {
    const ctx = server.service.ctx;
    const first = claimOf(await claimIdempotencyKey(ctx, accountId, 'key-4', 'hash-a'));
    let second: IdempotencyClaim | undefined;
    await later(IDEMPOTENCY_LEASE_MS + 1000, async () => {
      second = claimOf(await claimIdempotencyKey(ctx, accountId, 'key-4', 'hash-a'));
    });
    const respond = (result: string) => ({ status: 201, body: result });
    await assert.rejects(
      ctx.db.transaction().execute((trx) => recordIdempotentResponse(trx, { claim: first, respond }, '{"by":"first"}')),
      (error: AppError) => error.code === 'IDEMPOTENCY_KEY_IN_USE',
    );
    await ctx.db.transaction().execute((trx) => recordIdempotentResponse(trx, { claim: second!, respond }, '{"by":"second"}'));
    await releaseIdempotencyKey(ctx, first);
    assert.deepEqual(await claimIdempotencyKey(ctx, accountId, 'key-4', 'hash-a'), {
      kind: 'replay',
      status: 201,
      body: '{"by":"second"}',
    });
  });
});
