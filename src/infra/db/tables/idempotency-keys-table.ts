import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../database.js';
import { oneOf, rowCodec } from '../row-codec.js';
import type { Database, IdempotencyKeysTable } from '../schema.js';

export type IdempotencyKeyState = 'running' | 'done';

export interface IdempotencyKey {
  accountId: string;
  key: string;
  /** Fingerprint of the request that claimed the key. */
  requestHash: string;
  state: IdempotencyKeyState;
  /** The first response, once the request has finished. */
  responseStatus: number | null;
  responseBody: string | null;
  createdAt: string;
  /** The request holding the key: only it may complete or release it. */
  claimId: string | null;
  /** While running: the key may be taken over only after this instant (its holder stopped renewing it). */
  leaseUntil: string | null;
}

/** Which request holds which key. */
export interface IdempotencyKeyClaim {
  accountId: string;
  key: string;
  claimId: string;
}

const idempotencyKeyCodec = rowCodec<IdempotencyKey, IdempotencyKeysTable>({
  accountId: 'account_id',
  key: 'idempotency_key',
  requestHash: 'request_hash',
  state: ['state', oneOf<IdempotencyKeyState>()],
  responseStatus: 'response_status',
  responseBody: 'response_body',
  createdAt: 'created_at',
  claimId: 'claim_id',
  leaseUntil: 'lease_until',
});

const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
  Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0) > 0;

/** Inserts the key unless the account already holds it; true when this call inserted it. */
export const insertIdempotencyKeyIfAbsent = async (db: Db, key: IdempotencyKey): Promise<boolean> => {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values(idempotencyKeyCodec.toRow(key))
    .onConflict((oc) => oc.columns(['account_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
};

export const readIdempotencyKey = async (db: Db, accountId: string, key: string): Promise<IdempotencyKey | undefined> => {
  const row = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row && idempotencyKeyCodec.fromRow(row);
};

/**
 * Gives a running key to a new request if its lease lapsed before `now` (a key from before leases
 * existed has none); true when this call took it. One statement, so two takers cannot both win.
 */
export const takeOverLapsedIdempotencyKey = async (db: Db, key: IdempotencyKey, now: string): Promise<boolean> => {
  const result = await db
    .updateTable('idempotency_keys')
    .set(idempotencyKeyCodec.toColumns(key))
    .where('account_id', '=', key.accountId)
    .where('idempotency_key', '=', key.key)
    .where('state', '=', 'running')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return changed(result);
};

/** The key, while the holder of this claim still runs it. */
const stillHeldBy = (claim: IdempotencyKeyClaim) => (eb: ExpressionBuilder<Database, 'idempotency_keys'>) =>
  eb.and({ account_id: claim.accountId, idempotency_key: claim.key, claim_id: claim.claimId, state: 'running' });

/** Pushes the lease of a key its holder still runs; false when the key is no longer that holder's. */
export const renewIdempotencyKeyLease = async (db: Db, claim: IdempotencyKeyClaim, leaseUntil: string): Promise<boolean> => {
  const result = await db.updateTable('idempotency_keys').set({ lease_until: leaseUntil }).where(stillHeldBy(claim)).executeTakeFirst();
  return changed(result);
};

/** Stores the response of the key's holder; false when the key is no longer that holder's or is done already. */
export const completeIdempotencyKeyClaim = async (
  db: Db,
  claim: IdempotencyKeyClaim,
  response: { status: number; body: string },
): Promise<boolean> => {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: response.status, response_body: response.body, lease_until: null })
    .where(stillHeldBy(claim))
    .executeTakeFirst();
  return changed(result);
};

/** Deletes the key if its holder still runs it (a key already done keeps its response). */
export const deleteRunningIdempotencyKeyClaim = async (db: Db, claim: IdempotencyKeyClaim): Promise<void> => {
  await db.deleteFrom('idempotency_keys').where(stillHeldBy(claim)).execute();
};

/** Deletes a key that was created at `createdAt` (not one claimed again since). */
export const deleteIdempotencyKeyCreatedAt = async (db: Db, accountId: string, key: string, createdAt: string): Promise<void> => {
  await db
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', accountId)
    .where('idempotency_key', '=', key)
    .where('created_at', '=', createdAt)
    .execute();
};

/** Forgets keys past their lifetime, except one still running: its holder's response must still be recorded. */
export const deleteIdempotencyKeysCreatedBefore = async (db: Db, cutoff: string, now: string): Promise<void> => {
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', cutoff)
    .where((eb) => eb.or([eb('state', '=', 'done'), eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .execute();
};
