import { AppError } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import { readAccount, readAccountForUpdate } from '../../infra/db/tables/accounts-table.js';
import { countActiveApiClients, insertApiClient } from '../../infra/db/tables/api-clients-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { newId, newSecret } from '../../infra/ids.js';
import type { AppContext } from '../context.js';
import { encodeCredentials } from '../auth/credentials.js';

/** Active clients an account's admins may hold at once through the API; the operator's CLI is not bound by it. */
export const MAX_ACTIVE_CLIENTS_PER_ACCOUNT = 50;

/** A new API client; its secret exists only here, once. */
export interface IssuedClient {
  clientId: string;
  clientSecret: string;
  /** base64 of `clientId:clientSecret`, the string to log in with. */
  credentials: string;
  description: string | null;
  createdAt: string;
}

/** Inserts an API client; the secret is returned once and stored only as a hash. */
export const insertClient = async (
  ctx: AppContext,
  trx: Db,
  accountId: string,
  description: string | null = null,
): Promise<IssuedClient> => {
  const clientId = newId('cli');
  const clientSecret = newSecret('cs_sk_');
  const createdAt = ctx.clock.now().toISOString();
  await insertApiClient(trx, { id: clientId, accountId, secretHash: sha256Hex(clientSecret), description, createdAt, revokedAt: null });
  return { clientId, clientSecret, credentials: encodeCredentials(clientId, clientSecret), description, createdAt };
};

export const createClient = (ctx: AppContext, accountId: string): Promise<IssuedClient> =>
  ctx.db.transaction().execute(async (trx) => {
    if (!(await readAccount(trx, accountId))) throw new AppError('ACCOUNT_NOT_FOUND', `No account ${accountId}.`);
    return insertClient(ctx, trx, accountId);
  });

/** `POST /account/clients`: an admin's new client, within the account's bound of active clients. */
export const createAccountClient = (ctx: AppContext, accountId: string, description: string | null): Promise<IssuedClient> =>
  ctx.db.transaction().execute(async (trx) => {
    // The account row's lock makes concurrent creations count one after another.
    if (!(await readAccountForUpdate(trx, accountId))) throw new AppError('ACCOUNT_NOT_FOUND', `No account ${accountId}.`);
    if ((await countActiveApiClients(trx, accountId)) >= MAX_ACTIVE_CLIENTS_PER_ACCOUNT) {
      throw new AppError(
        'CLIENT_LIMIT_REACHED',
        `An account has at most ${MAX_ACTIVE_CLIENTS_PER_ACCOUNT} active API clients: revoke one first.`,
      );
    }
    return insertClient(ctx, trx, accountId, description);
  });
