import type { AppContext } from '../context.js';

/** A replay returns the first response for 24 h (API.md §0). */
const KEY_LIFETIME_MS = 24 * 3600_000;
/** A key still "running" this long after its request started belongs to a request that died (crash, lost connection). */
const ABANDONED_AFTER_MS = 60_000;

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'in-use' }
  | { kind: 'reused-with-another-body' };

const olderThan = (iso: string, ms: number, now: Date) => now.getTime() - Date.parse(iso) > ms;

/** Claims an idempotency key for a request, or tells why it cannot be. */
export const claimIdempotencyKey = async (ctx: AppContext, accountId: string, key: string, requestHash: string): Promise<Claim> => {
  const now = ctx.clock.now();
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await ctx.db
      .insertInto('idempotency_keys')
      .values({ account_id: accountId, idempotency_key: key, request_hash: requestHash, state: 'running', response_status: null, response_body: null, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['account_id', 'idempotency_key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'claimed' };

    const existing = await ctx.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (!existing) continue;
    const expired = olderThan(existing.created_at, KEY_LIFETIME_MS, now);
    const abandoned = existing.state === 'running' && olderThan(existing.created_at, ABANDONED_AFTER_MS, now);
    if (expired || abandoned) {
      await releaseIdempotencyKey(ctx, accountId, key, existing.created_at);
      continue;
    }
    if (existing.request_hash !== requestHash) return { kind: 'reused-with-another-body' };
    if (existing.state === 'running' || existing.response_status === null || existing.response_body === null) return { kind: 'in-use' };
    return { kind: 'replay', status: existing.response_status, body: existing.response_body };
  }
  return { kind: 'in-use' };
};

export const completeIdempotencyKey = async (ctx: AppContext, accountId: string, key: string, status: number, body: string) => {
  await ctx.db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: status, response_body: body })
    .where('account_id', '=', accountId)
    .where('idempotency_key', '=', key)
    .execute();
};

/** Frees a key (the request failed on our side, so a retry must run it again). */
export const releaseIdempotencyKey = async (ctx: AppContext, accountId: string, key: string, createdAt?: string) => {
  let query = ctx.db.deleteFrom('idempotency_keys').where('account_id', '=', accountId).where('idempotency_key', '=', key);
  if (createdAt) query = query.where('created_at', '=', createdAt);
  await query.execute();
};

export const purgeExpiredIdempotencyKeys = async (ctx: AppContext) => {
  const cutoff = new Date(ctx.clock.now().getTime() - KEY_LIFETIME_MS).toISOString();
  await ctx.db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).execute();
};
