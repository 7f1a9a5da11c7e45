import { AppError } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import { sha256Hex } from '../../infra/hash.js';
import { newId, newSecret } from '../../infra/ids.js';
import type { AppContext } from '../context.js';
import { encodeCredentials } from '../auth/credentials.js';

export interface IssuedClient {
  client_id: string;
  client_secret: string;
  credentials: string;
}

/** Inserts an API client; the secret is returned once and stored only as a hash. */
export const insertClient = async (ctx: AppContext, trx: Db, accountId: string): Promise<IssuedClient> => {
  const clientId = newId('cli');
  const clientSecret = newSecret('cs_sk_');
  await trx
    .insertInto('api_clients')
    .values({ id: clientId, account_id: accountId, secret_hash: sha256Hex(clientSecret), created_at: ctx.clock.now().toISOString(), revoked_at: null })
    .execute();
  return { client_id: clientId, client_secret: clientSecret, credentials: encodeCredentials(clientId, clientSecret) };
};

export const createClient = (ctx: AppContext, accountId: string): Promise<IssuedClient> =>
  ctx.db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst();
    if (!account) throw new AppError('ACCOUNT_NOT_FOUND', `No account ${accountId}.`);
    return insertClient(ctx, trx, accountId);
  });
