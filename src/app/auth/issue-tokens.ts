import { addSeconds } from '../../domain/clock.js';
import type { Db } from '../../infra/db/database.js';
import { insertAccessToken, insertRefreshToken } from '../../infra/db/tables/tokens-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { newSecret } from '../../infra/ids.js';
import type { AppContext } from '../context.js';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: Date;
}

export const ACCESS_TOKEN_PREFIX = 'cs_at_';
export const REFRESH_TOKEN_PREFIX = 'cs_rt_';
/** A console session's access token (docs/api/people.md): looked up among the sessions' tokens, not the API clients'. */
export const CONSOLE_ACCESS_TOKEN_PREFIX = 'cs_ct_';

/** Issues a new access + refresh token pair in a token family. Only the hashes are stored. */
export const issueTokens = async (
  ctx: AppContext,
  trx: Db,
  family: { id: string; accountId: string; clientId: string },
): Promise<TokenPair> => {
  const now = ctx.clock.now();
  const accessToken = newSecret(ACCESS_TOKEN_PREFIX);
  const refreshToken = newSecret(REFRESH_TOKEN_PREFIX);
  const accessTokenExpiresAt = addSeconds(now, ctx.config.accessTokenTtlSeconds);
  const accessHash = sha256Hex(accessToken);

  await insertAccessToken(trx, {
    tokenHash: accessHash,
    familyId: family.id,
    accountId: family.accountId,
    clientId: family.clientId,
    expiresAt: accessTokenExpiresAt.toISOString(),
    createdAt: now.toISOString(),
  });
  await insertRefreshToken(trx, {
    tokenHash: sha256Hex(refreshToken),
    familyId: family.id,
    accessTokenHash: accessHash,
    expiresAt: addSeconds(now, ctx.config.refreshTokenTtlSeconds).toISOString(),
    createdAt: now.toISOString(),
    usedAt: null,
  });
  return { accessToken, refreshToken, accessTokenExpiresAt };
};
