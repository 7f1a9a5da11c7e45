import { AppError } from '../../domain/app-error.js';
import { readAccessToken } from '../../infra/db/tables/tokens-table.js';
import { sha256Hex } from '../../infra/hash.js';
import type { AppContext, Caller } from '../context.js';

const invalidToken = () => new AppError('INVALID_ACCESS_TOKEN', 'The access token is missing, unknown, revoked or expired.');

/** Resolves a bearer access token to its caller, or throws INVALID_ACCESS_TOKEN. */
export const authenticate = async (ctx: AppContext, accessToken: string | undefined): Promise<Caller> => {
  if (!accessToken) throw invalidToken();
  const tokenHash = sha256Hex(accessToken);
  const token = await readAccessToken(ctx.db, tokenHash);
  if (!token || token.familyRevokedAt || token.clientRevokedAt || token.expiresAt <= ctx.clock.now().toISOString()) throw invalidToken();
  return { accountId: token.accountId, clientId: token.clientId, tokenHash };
};
