import { randomBytes } from 'node:crypto';

const ID_BYTES = 12;
/** 341 ids per refill. */
const POOL_BYTES = 4092;

/**
 * Makes `req_…` ids from 12 random bytes each, cut from a pool refilled 4 KiB at a time: one
 * randomBytes call per request cost more than everything else in naming it.
 */
export const requestIds = (): (() => string) => {
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + ID_BYTES > pool.length) {
      pool = randomBytes(POOL_BYTES);
      offset = 0;
    }
    offset += ID_BYTES;
    return `req_${pool.toString('base64url', offset - ID_BYTES, offset)}`;
  };
};
