import { AppError } from '../../domain/app-error.js';
import { sameDigest, sha256Hex } from '../../infra/hash.js';
import { newId } from '../../infra/ids.js';
import type { AppContext } from '../context.js';
import { decodeCredentials } from './credentials.js';
import { issueTokens, type TokenPair } from './issue-tokens.js';

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'The credentials are not valid.');

/** Exchanges client credentials for a new token family's first pair. */
export const login = async (ctx: AppContext, credentials: string | undefined): Promise<TokenPair> => {
  if (!credentials) {
    throw new AppError('CREDENTIALS_REQUIRED', 'Send "credentials" (base64 of client_id:client_secret) or an Authorization: Basic header.', {
      field: 'credentials',
    });
  }
  const parsed = decodeCredentials(credentials);
  if (!parsed) throw invalidCredentials();

  return ctx.db.transaction().execute(async (trx) => {
    const client = await trx
      .selectFrom('api_clients')
      .select(['id', 'account_id', 'secret_hash', 'revoked_at'])
      .where('id', '=', parsed.clientId)
      .executeTakeFirst();
    if (!client || client.revoked_at || !sameDigest(client.secret_hash, sha256Hex(parsed.clientSecret))) {
      throw invalidCredentials();
    }
    const family = { id: newId('tfam'), accountId: client.account_id, clientId: client.id };
    await trx
      .insertInto('token_families')
      .values({ id: family.id, account_id: family.accountId, client_id: family.clientId, created_at: ctx.clock.now().toISOString(), revoked_at: null })
      .execute();
    return issueTokens(ctx, trx, family);
  });
};
