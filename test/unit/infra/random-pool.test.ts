import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../../src/infra/ids.js';
import { randomBase64url } from '../../../src/infra/random-pool.js';

describe('random ids cut from a pool (src/infra/random-pool.ts)', () => {
  it('hands out every byte once, across refills of the pool', () => {
    // 1,000 ids of 16 bytes span four refills of the 4 KiB pool.
    const ids = Array.from({ length: 1000 }, () => randomBase64url(16));
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.match(id, /^[A-Za-z0-9_-]{22}$/);
  });

  it('gives a request larger than the pool its own random bytes', () => {
    const big = randomBase64url(5000);
    assert.equal(Buffer.from(big, 'base64url').length, 5000);
    assert.notEqual(big, randomBase64url(5000));
  });

  it('makes ids of 128 random bits behind their prefix', () => {
    assert.match(newId('env'), /^env_[A-Za-z0-9_-]{22}$/);
  });
});
