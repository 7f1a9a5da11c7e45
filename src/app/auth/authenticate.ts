import { AppError } from '../../domain/app-error.js';
import { sha256Hex } from '../../infra/hash.js';
import type { AppContext, Caller } from '../context.js';

const invalidToken = () => new AppError('INVALID_ACCESS_TOKEN', 'The access token is missing, unknown, revoked or expired.');

/** Resolves a bearer access token to its caller, or throws INVALID_ACCESS_TOKEN. */
export const authenticate = async (ctx: AppContext, accessToken: string | undefined): Promise<Caller> => {
  if (!accessToken) throw invalidToken();
  const tokenHash = sha256Hex(accessToken);
  const row = await ctx.db
    .selectFrom('access_tokens')
    .innerJoin('token_families', 'token_families.id', 'access_tokens.family_id')
    .innerJoin('api_clients', 'api_clients.id', 'access_tokens.client_id')
    .select(['access_tokens.account_id', 'access_tokens.client_id', 'access_tokens.expires_at', 'token_families.revoked_at as family_revoked_at', 'api_clients.revoked_at as client_revoked_at'])
    .where('access_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.family_revoked_at || row.client_revoked_at || row.expires_at <= ctx.clock.now().toISOString()) throw invalidToken();
  return { accountId: row.account_id, clientId: row.client_id, tokenHash };
};
