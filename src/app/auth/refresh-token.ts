import { AppError } from '../../domain/app-error.js';
import { readRefreshToken, retireRefreshToken, revokeTokenFamily } from '../../infra/db/tables/tokens-table.js';
import { sameDigest, sha256Hex } from '../../infra/hash.js';
import type { AppContext } from '../context.js';
import { issueTokens, type TokenPair } from './issue-tokens.js';

const invalidRefreshToken = (why: string) => new AppError('INVALID_REFRESH_TOKEN', `The refresh token is not valid: ${why}.`);

type Outcome = { tokens: TokenPair } | { reused: true } | { invalid: string };

/**
 * Rotates a refresh token: the presented one is retired and a new pair issued in the same family.
 * A retired token presented again means it leaked, so the whole family is revoked — and that
 * revocation must commit even though the request fails, hence the outcome value instead of a throw.
 */
export const refreshToken = async (ctx: AppContext, accessToken: string, presentedRefreshToken: string): Promise<TokenPair> => {
  const now = ctx.clock.now().toISOString();
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
    const stored = await readRefreshToken(trx, sha256Hex(presentedRefreshToken));
    if (!stored) return { invalid: 'unknown token' };
    const { family } = stored;
    if (family.revokedAt || stored.clientRevokedAt) return { invalid: 'revoked' };
    if (stored.usedAt) {
      await revokeTokenFamily(trx, family.id, now);
      return { reused: true };
    }
    if (stored.expiresAt <= now) return { invalid: 'expired' };
    if (!sameDigest(stored.accessTokenHash, sha256Hex(accessToken))) return { invalid: 'it does not belong to this access token' };

    if (!(await retireRefreshToken(trx, stored.tokenHash, now))) {
      await revokeTokenFamily(trx, family.id, now);
      return { reused: true };
    }
    const tokens = await issueTokens(ctx, trx, { id: family.id, accountId: family.accountId, clientId: family.clientId });
    return { tokens };
  });

  if ('tokens' in outcome) return outcome.tokens;
  if ('reused' in outcome) {
    ctx.logger.warn({ event: 'refresh_token_reused' }, 'A retired refresh token was presented again; its token family is revoked');
    throw new AppError(
      'REFRESH_TOKEN_REUSED',
      'This refresh token was already used. Every token of this login is now revoked; log in again.',
    );
  }
  throw invalidRefreshToken(outcome.invalid);
};
