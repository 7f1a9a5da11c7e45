import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AccessTokenCache, type CachedToken } from '../../../src/app/auth/access-token-cache.js';
import { TestClock } from '../../support/test-clock.js';

const token = (
  clock: TestClock,
  name: string,
  options: { clientId?: string; familyId?: string; lifetimeMs?: number } = {},
): CachedToken => ({
  caller: { accountId: 'acc_1', clientId: options.clientId ?? 'cli_1', userId: null, tokenHash: name, role: 'admin' },
  familyId: options.familyId ?? 'tfam_1',
  expiresAt: clock.now().getTime() + (options.lifetimeMs ?? 3_600_000),
});

describe('AccessTokenCache', () => {
  it('answers a remembered token until its TTL has passed on the injected clock, then reads as unknown', () => {
    const clock = new TestClock();
    const cache = new AccessTokenCache(clock, { max: 10, ttlMs: 30_000 });
    cache.remember('a', token(clock, 'a'), cache.mark());
    clock.advance(30_000);
    assert.equal(cache.get('a')?.caller.tokenHash, 'a');
    clock.advance(1);
    assert.equal(cache.get('a'), undefined);
  });

  it('never answers a token at or past its own expiry, however short', () => {
    const clock = new TestClock();
    const cache = new AccessTokenCache(clock, { max: 10, ttlMs: 30_000 });
    cache.remember('a', token(clock, 'a', { lifetimeMs: 5_000 }), cache.mark());
    clock.advance(4_999);
    assert.ok(cache.get('a'));
    clock.advance(1);
    assert.equal(cache.get('a'), undefined);
  });

  it('does not keep a lookup that began before an eviction: its database read may predate the revocation', () => {
    const clock = new TestClock();
    const cache = new AccessTokenCache(clock, { max: 10, ttlMs: 30_000 });
    const mark = cache.mark();
    cache.forgetFamily('tfam_other');
    cache.remember('a', token(clock, 'a'), mark);
    assert.equal(cache.get('a'), undefined);
  });

  it('forgets every token of a client, or of a family, and only those', () => {
    const clock = new TestClock();
    const cache = new AccessTokenCache(clock, { max: 10, ttlMs: 30_000 });
    cache.remember('a', token(clock, 'a', { clientId: 'cli_1', familyId: 'tfam_1' }), cache.mark());
    cache.remember('b', token(clock, 'b', { clientId: 'cli_1', familyId: 'tfam_2' }), cache.mark());
    cache.remember('c', token(clock, 'c', { clientId: 'cli_2', familyId: 'tfam_3' }), cache.mark());
    cache.forgetFamily('tfam_2');
    assert.deepEqual(
      ['a', 'b', 'c'].filter((hash) => cache.get(hash)),
      ['a', 'c'],
    );
    cache.forgetClient('cli_1');
    assert.deepEqual(
      ['a', 'b', 'c'].filter((hash) => cache.get(hash)),
      ['c'],
    );
  });

  it('holds at most `max` tokens, dropping the least recently used', () => {
    const clock = new TestClock();
    const cache = new AccessTokenCache(clock, { max: 2, ttlMs: 30_000 });
    cache.remember('a', token(clock, 'a'), cache.mark());
    cache.remember('b', token(clock, 'b'), cache.mark());
    cache.get('a');
    cache.remember('c', token(clock, 'c'), cache.mark());
    assert.deepEqual(
      ['a', 'b', 'c'].filter((hash) => cache.get(hash)),
      ['a', 'c'],
    );
  });
});
