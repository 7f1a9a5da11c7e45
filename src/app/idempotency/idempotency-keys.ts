import {
  deleteIdempotencyKey,
  deleteIdempotencyKeysCreatedBefore,
  insertIdempotencyKeyIfAbsent,
  readIdempotencyKey,
  updateIdempotencyKey,
} from '../../infra/db/tables/idempotency-keys-table.js';
import { sha256Hex } from '../../infra/hash.js';
import type { AppContext } from '../context.js';

/** A replay returns the first response for 24 h (API.md §0). */
const KEY_LIFETIME_MS = 24 * 3600_000;
/** A key still "running" this long after its request started belongs to a request that died (crash, lost connection). */
const ABANDONED_AFTER_MS = 60_000;

export type Claim =
  { kind: 'claimed' } | { kind: 'replay'; status: number; body: string } | { kind: 'in-use' } | { kind: 'reused-with-another-body' };

const olderThan = (iso: string, ms: number, now: Date) => now.getTime() - Date.parse(iso) > ms;

/** What is stored of a request to tell "the same request" from another one: a digest of its description. */
export const fingerprintRequest = (description: string): string => sha256Hex(description);

/** Claims an idempotency key for a request, or tells why it cannot be. */
export const claimIdempotencyKey = async (ctx: AppContext, accountId: string, key: string, requestHash: string): Promise<Claim> => {
  const now = ctx.clock.now();
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await insertIdempotencyKeyIfAbsent(ctx.db, {
      accountId,
      key,
      requestHash,
      state: 'running',
      responseStatus: null,
      responseBody: null,
      createdAt: now.toISOString(),
    });
    if (claimed) return { kind: 'claimed' };

    const existing = await readIdempotencyKey(ctx.db, accountId, key);
    if (!existing) continue;
    const expired = olderThan(existing.createdAt, KEY_LIFETIME_MS, now);
    const abandoned = existing.state === 'running' && olderThan(existing.createdAt, ABANDONED_AFTER_MS, now);
    if (expired || abandoned) {
      await releaseIdempotencyKey(ctx, accountId, key, existing.createdAt);
      continue;
    }
    if (existing.requestHash !== requestHash) return { kind: 'reused-with-another-body' };
    if (existing.state === 'running' || existing.responseStatus === null || existing.responseBody === null) return { kind: 'in-use' };
    return { kind: 'replay', status: existing.responseStatus, body: existing.responseBody };
  }
  return { kind: 'in-use' };
};

/** Stores the first response under the key, for replays. */
export const completeIdempotencyKey = async (ctx: AppContext, accountId: string, key: string, status: number, body: string) => {
  await updateIdempotencyKey(ctx.db, accountId, key, { state: 'done', responseStatus: status, responseBody: body });
};

/** Frees a key (the request failed on our side, so a retry must run it again). */
export const releaseIdempotencyKey = async (ctx: AppContext, accountId: string, key: string, createdAt?: string) => {
  await deleteIdempotencyKey(ctx.db, accountId, key, createdAt);
};

export const purgeExpiredIdempotencyKeys = async (ctx: AppContext) => {
  await deleteIdempotencyKeysCreatedBefore(ctx.db, new Date(ctx.clock.now().getTime() - KEY_LIFETIME_MS).toISOString());
};
