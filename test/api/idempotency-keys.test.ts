import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '../../src/app/idempotency/idempotency-keys.js';
import { describeOnEachDatabase } from '../support/api-suite.js';

// The mechanism behind the Idempotency-Key header, on the real database; the header itself is
// exercised through the envelope creation routes.
describeOnEachDatabase('idempotency keys (API.md §0)', (server) => {
  let accountId: string;
  before(async () => {
    accountId = (await server.newAccount()).account_id;
  });

  it('claims a new key, replays the stored response, and refuses another body with the same key', async () => {
    const ctx = server.service.ctx;
    assert.deepEqual(await claimIdempotencyKey(ctx, accountId, 'key-1', 'hash-a'), { kind: 'claimed' });
    assert.deepEqual(await claimIdempotencyKey(ctx, accountId, 'key-1', 'hash-a'), { kind: 'in-use' });
    await completeIdempotencyKey(ctx, accountId, 'key-1', 201, '{"message":"Created."}');
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
    assert.deepEqual(await claimIdempotencyKey(ctx, accountId, 'shared', 'hash-a'), { kind: 'claimed' });
    assert.deepEqual(await claimIdempotencyKey(ctx, other, 'shared', 'hash-b'), { kind: 'claimed' });
  });

  it('frees a released key, and forgets a key after 24 hours', async () => {
    const ctx = server.service.ctx;
    await claimIdempotencyKey(ctx, accountId, 'key-2', 'hash-a');
    await releaseIdempotencyKey(ctx, accountId, 'key-2');
    assert.deepEqual(await claimIdempotencyKey(ctx, accountId, 'key-2', 'hash-b'), { kind: 'claimed' });
    await completeIdempotencyKey(ctx, accountId, 'key-2', 201, '{}');
    server.clock.advanceSeconds(24 * 3600 + 1);
    try {
      assert.deepEqual(await claimIdempotencyKey(ctx, accountId, 'key-2', 'hash-c'), { kind: 'claimed' });
    } finally {
      server.clock.advanceSeconds(-(24 * 3600 + 1));
    }
  });

  it('takes over a key whose request died while running', async () => {
    const ctx = server.service.ctx;
    await claimIdempotencyKey(ctx, accountId, 'key-3', 'hash-a');
    server.clock.advanceSeconds(61);
    try {
      assert.deepEqual(await claimIdempotencyKey(ctx, accountId, 'key-3', 'hash-a'), { kind: 'claimed' });
    } finally {
      server.clock.advanceSeconds(-61);
    }
  });
});
