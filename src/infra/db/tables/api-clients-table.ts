import type { Db } from '../database.js';
import { rowCodec } from '../row-codec.js';
import type { ApiClientsTable } from '../schema.js';

export interface ApiClient {
  id: string;
  accountId: string;
  /** The secret itself is never stored. */
  secretHash: string;
  createdAt: string;
  revokedAt: string | null;
}

export const apiClientCodec = rowCodec<ApiClient, ApiClientsTable>({
  id: 'id',
  accountId: 'account_id',
  secretHash: 'secret_hash',
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

/** Revokes a client that is still active; false when there is none. */
export const revokeApiClient = async (db: Db, clientId: string, revokedAt: string): Promise<boolean> => {
  const result = await db
    .updateTable('api_clients')
    .set({ revoked_at: revokedAt })
    .where('id', '=', clientId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

/** A page of API clients in creation order, of one account or of all. */
export const listApiClients = async (db: Db, filter: { accountId?: string; limit: number; offset: number }): Promise<ApiClient[]> => {
  let query = db.selectFrom('api_clients').selectAll().orderBy('created_at').orderBy('id').limit(filter.limit).offset(filter.offset);
  if (filter.accountId) query = query.where('account_id', '=', filter.accountId);
  return (await query.execute()).map(apiClientCodec.fromRow);
};
