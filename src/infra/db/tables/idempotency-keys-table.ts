import type { Db } from '../database.js';
import { oneOf, rowCodec } from '../row-codec.js';
import type { IdempotencyKeysTable } from '../schema.js';

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
}

const idempotencyKeyCodec = rowCodec<IdempotencyKey, IdempotencyKeysTable>({
  accountId: 'account_id',
  key: 'idempotency_key',
  requestHash: 'request_hash',
  state: ['state', oneOf<IdempotencyKeyState>()],
  responseStatus: 'response_status',
  responseBody: 'response_body',
  createdAt: 'created_at',
});

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

export const updateIdempotencyKey = async (db: Db, accountId: string, key: string, changes: Partial<IdempotencyKey>): Promise<void> => {
  await db
    .updateTable('idempotency_keys')
    .set(idempotencyKeyCodec.toColumns(changes))
    .where('account_id', '=', accountId)
    .where('idempotency_key', '=', key)
    .execute();
};

/** Deletes a key; with `createdAt`, only that claim of it (not one made again since). */
export const deleteIdempotencyKey = async (db: Db, accountId: string, key: string, createdAt?: string): Promise<void> => {
  let query = db.deleteFrom('idempotency_keys').where('account_id', '=', accountId).where('idempotency_key', '=', key);
  if (createdAt) query = query.where('created_at', '=', createdAt);
  await query.execute();
};

export const deleteIdempotencyKeysCreatedBefore = async (db: Db, cutoff: string): Promise<void> => {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).execute();
};
