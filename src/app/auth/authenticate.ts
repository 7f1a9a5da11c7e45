import { AppError } from '../../domain/app-error.js';
import { readAccessToken } from '../../infra/db/tables/tokens-table.js';
import { sha256Hex } from '../../infra/hash.js';
import type { AppContext, Caller } from '../context.js';

const invalidToken = () => new AppError('INVALID_ACCESS_TOKEN', 'The access token is missing, unknown, revoked or expired.');

/**
 * Resolves a bearer access token to its caller, or throws INVALID_ACCESS_TOKEN. A token this process
 * checked within the cache's TTL is not read again (ctx.accessTokens says how revocation reaches it).
 */
export const authenticate = async (ctx: AppContext, accessToken: string | undefined): Promise<Caller> => {
  if (!accessToken) throw invalidToken();
  const tokenHash = sha256Hex(accessToken);
  const cached = ctx.accessTokens.get(tokenHash);
  if (cached) return cached.caller;

  const mark = ctx.accessTokens.mark();
  const token = await readAccessToken(ctx.db, tokenHash);
  const now = ctx.clock.now();
  if (!token || token.familyRevokedAt || token.clientRevokedAt || token.expiresAt <= now.toISOString()) throw invalidToken();
  const caller = { accountId: token.accountId, clientId: token.clientId, tokenHash };
  ctx.accessTokens.remember(tokenHash, { caller, familyId: token.familyId, expiresAt: Date.parse(token.expiresAt) }, mark);
  return caller;
};
