import { AppError } from '../../domain/app-error.js';
import { readConsoleAccessToken } from '../../infra/db/tables/console-access-tokens-table.js';
import { readAccessToken } from '../../infra/db/tables/tokens-table.js';
import { sha256Hex } from '../../infra/hash.js';
import type { AppContext, Caller } from '../context.js';
import type { CachedToken } from './access-token-cache.js';
import { CONSOLE_ACCESS_TOKEN_PREFIX } from './issue-tokens.js';

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
  const found = accessToken.startsWith(CONSOLE_ACCESS_TOKEN_PREFIX)
    ? await consoleToken(ctx, tokenHash)
    : await clientToken(ctx, tokenHash);
  if (!found || found.expiresAt <= ctx.clock.now().getTime()) throw invalidToken();
  ctx.accessTokens.remember(tokenHash, found, mark);
  return found.caller;
};

/** A token of an API client's login: an admin, unless its login or its client was revoked. */
const clientToken = async (ctx: AppContext, tokenHash: string): Promise<CachedToken | undefined> => {
  const token = await readAccessToken(ctx.db, tokenHash);
  if (!token || token.familyRevokedAt || token.clientRevokedAt) return undefined;
  const caller: Caller = { accountId: token.accountId, clientId: token.clientId, userId: null, tokenHash, role: 'admin' };
  return { caller, familyId: token.familyId, expiresAt: Date.parse(token.expiresAt) };
};

/** A token a console session exchanged for: its user's role, until the session ends (logout). */
const consoleToken = async (ctx: AppContext, tokenHash: string): Promise<CachedToken | undefined> => {
  const token = await readConsoleAccessToken(ctx.db, tokenHash);
  if (!token || token.sessionEndedAt) return undefined;
  const caller: Caller = { accountId: token.accountId, clientId: token.userId, userId: token.userId, tokenHash, role: token.role };
  return { caller, familyId: token.sessionId, expiresAt: Date.parse(token.expiresAt) };
};
