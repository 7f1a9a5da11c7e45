import { AppError } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import { insertApiClient } from '../../infra/db/tables/api-clients-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { newId, newSecret } from '../../infra/ids.js';
import type { AppContext } from '../context.js';
import { encodeCredentials } from '../auth/credentials.js';

/** A new API client; its secret exists only here, once. */
export interface IssuedClient {
  clientId: string;
  clientSecret: string;
  /** base64 of `clientId:clientSecret`, the string to log in with. */
  credentials: string;
}

/** Inserts an API client; the secret is returned once and stored only as a hash. */
export const insertClient = async (ctx: AppContext, trx: Db, accountId: string): Promise<IssuedClient> => {
  const clientId = newId('cli');
  const clientSecret = newSecret('cs_sk_');
  await insertApiClient(trx, {
    id: clientId,
    accountId,
    secretHash: sha256Hex(clientSecret),
    createdAt: ctx.clock.now().toISOString(),
    revokedAt: null,
  });
  return { clientId, clientSecret, credentials: encodeCredentials(clientId, clientSecret) };
};

export const createClient = (ctx: AppContext, accountId: string): Promise<IssuedClient> =>
  ctx.db.transaction().execute(async (trx) => {
    if (!(await readAccount(trx, accountId))) throw new AppError('ACCOUNT_NOT_FOUND', `No account ${accountId}.`);
    return insertClient(ctx, trx, accountId);
  });
