import { addSeconds } from '../../domain/clock.js';
import type { Db } from '../../infra/db/database.js';
import { sha256Hex } from '../../infra/hash.js';
import { newSecret } from '../../infra/ids.js';
import type { AppContext } from '../context.js';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

export const ACCESS_TOKEN_PREFIX = 'cs_at_';
export const REFRESH_TOKEN_PREFIX = 'cs_rt_';

/** Issues a new access + refresh token pair in a token family. Only the hashes are stored. */
export const issueTokens = async (
  ctx: AppContext,
  trx: Db,
  family: { id: string; accountId: string; clientId: string },
): Promise<TokenPair> => {
  const now = ctx.clock.now();
  const accessToken = newSecret(ACCESS_TOKEN_PREFIX);
  const refreshToken = newSecret(REFRESH_TOKEN_PREFIX);
  const accessExpiresAt = addSeconds(now, ctx.config.accessTokenTtlSeconds);
  const accessHash = sha256Hex(accessToken);

  await trx
    .insertInto('access_tokens')
    .values({
      token_hash: accessHash,
      family_id: family.id,
      account_id: family.accountId,
      client_id: family.clientId,
      expires_at: accessExpiresAt.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  await trx
    .insertInto('refresh_tokens')
    .values({
      token_hash: sha256Hex(refreshToken),
      family_id: family.id,
      access_token_hash: accessHash,
      expires_at: addSeconds(now, ctx.config.refreshTokenTtlSeconds).toISOString(),
      created_at: now.toISOString(),
      used_at: null,
    })
    .execute();

  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: Math.floor(accessExpiresAt.getTime() / 1000),
  };
};
