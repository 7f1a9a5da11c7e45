import { randomBytes, randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafeSlow(POOL_BYTES);
let offset = POOL_BYTES;

/**
 * `bytes` fresh random bytes as base64url, cut from a pool refilled 4 KiB at a time, each byte handed
 * out once (as crypto.randomUUID batches its entropy): one randomBytes call per id cost more than
 * everything else in making it, and a creation makes a dozen ids and tokens.
 */
export const randomBase64url = (bytes: number): string => {
  if (bytes > POOL_BYTES) return randomBytes(bytes).toString('base64url');
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  offset += bytes;
  return pool.toString('base64url', offset - bytes, offset);
};
