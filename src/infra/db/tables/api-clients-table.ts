import type { Db } from '../database.js';
import { rowCodec } from '../row-codec.js';
import type { ApiClientsTable } from '../schema.js';

export interface ApiClient {
  id: string;
  accountId: string;
  /** The secret itself is never stored. */
  secretHash: string;
  /** What it is for, as the account's admin named it; null for clients made by the CLI. */
  description: string | null;
  createdAt: string;
  revokedAt: string | null;
}

export const apiClientCodec = rowCodec<ApiClient, ApiClientsTable>({
  id: 'id',
  accountId: 'account_id',
  secretHash: 'secret_hash',
  description: 'description',
  createdAt: 'created_at',
  revokedAt: 'revoked_at',
});

export const insertApiClient = async (db: Db, client: ApiClient): Promise<void> => {
  await db.insertInto('api_clients').values(apiClientCodec.toRow(client)).execute();
};

export const readApiClient = async (db: Db, clientId: string): Promise<ApiClient | undefined> => {
  const row = await db.selectFrom('api_clients').selectAll().where('id', '=', clientId).executeTakeFirst();
  return row && apiClientCodec.fromRow(row);
};

/** Revokes a client that is still active, of one account when given; false when there is none. */
export const revokeApiClient = async (db: Db, clientId: string, revokedAt: string, accountId?: string): Promise<boolean> => {
  let query = db.updateTable('api_clients').set({ revoked_at: revokedAt }).where('id', '=', clientId).where('revoked_at', 'is', null);
  if (accountId) query = query.where('account_id', '=', accountId);
  return Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
};

/** The account's clients, active ones first, then newest first. */
export const listAccountApiClients = async (db: Db, accountId: string, limit: number): Promise<ApiClient[]> => {
  const rows = await db
    .selectFrom('api_clients')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy((eb) => eb.case().when('revoked_at', 'is', null).then(0).else(1).end())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(apiClientCodec.fromRow);
};

export const countActiveApiClients = async (db: Db, accountId: string): Promise<number> => {
  const row = await db
    .selectFrom('api_clients')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/** A page of API clients in creation order, of one account or of all. */
export const listApiClients = async (db: Db, filter: { accountId?: string; limit: number; offset: number }): Promise<ApiClient[]> => {
  let query = db.selectFrom('api_clients').selectAll().orderBy('created_at').orderBy('id').limit(filter.limit).offset(filter.offset);
  if (filter.accountId) query = query.where('account_id', '=', filter.accountId);
  return (await query.execute()).map(apiClientCodec.fromRow);
};
