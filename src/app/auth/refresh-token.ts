import { AppError } from '../../domain/app-error.js';
import { readRefreshToken, retireRefreshToken, revokeTokenFamily } from '../../infra/db/tables/tokens-table.js';
import { sameDigest, sha256Hex } from '../../infra/hash.js';
import type { AppContext } from '../context.js';
import { issueTokens, type TokenPair } from './issue-tokens.js';

const invalidRefreshToken = (why: string) => new AppError('INVALID_REFRESH_TOKEN', `The refresh token is not valid: ${why}.`);

/** What a revocation covers: one login, or every login of an API client. */
type Revoked = { familyId: string } | { clientId: string };

/** What the refresh found; `revoked` is a revocation, possibly another process's, that this process's token cache must learn. */
type Outcome = { tokens: TokenPair } | { reused: true; familyId: string } | { invalid: string; revoked?: Revoked };

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
    if (family.revokedAt) return { invalid: 'revoked', revoked: { familyId: family.id } };
    if (stored.clientRevokedAt) return { invalid: 'revoked', revoked: { clientId: family.clientId } };
    if (stored.usedAt) {
      await revokeTokenFamily(trx, family.id, now);
      return { reused: true, familyId: family.id };
    }
    if (stored.expiresAt <= now) return { invalid: 'expired' };
    if (!sameDigest(stored.accessTokenHash, sha256Hex(accessToken))) return { invalid: 'it does not belong to this access token' };

    if (!(await retireRefreshToken(trx, stored.tokenHash, now))) {
      await revokeTokenFamily(trx, family.id, now);
      return { reused: true, familyId: family.id };
    }
    const tokens = await issueTokens(ctx, trx, { id: family.id, accountId: family.accountId, clientId: family.clientId });
    return { tokens };
  });

  if ('tokens' in outcome) return outcome.tokens;
  // Evicted once the revocation has committed, so that no lookup can cache the token again from before it.
  if ('reused' in outcome) {
    ctx.accessTokens.forgetFamily(outcome.familyId);
    ctx.logger.warn({ event: 'refresh_token_reused' }, 'A retired refresh token was presented again; its token family is revoked');
    throw new AppError(
      'REFRESH_TOKEN_REUSED',
      'This refresh token was already used. Every token of this login is now revoked; log in again.',
    );
  }
  if (outcome.revoked && 'familyId' in outcome.revoked) ctx.accessTokens.forgetFamily(outcome.revoked.familyId);
  if (outcome.revoked && 'clientId' in outcome.revoked) ctx.accessTokens.forgetClient(outcome.revoked.clientId);
  throw invalidRefreshToken(outcome.invalid);
};
