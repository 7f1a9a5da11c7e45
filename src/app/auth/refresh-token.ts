import { AppError } from '../../domain/app-error.js';
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
    const stored = await trx
      .selectFrom('refresh_tokens')
      .innerJoin('token_families', 'token_families.id', 'refresh_tokens.family_id')
      .innerJoin('api_clients', 'api_clients.id', 'token_families.client_id')
      .select([
        'refresh_tokens.token_hash',
        'refresh_tokens.access_token_hash',
        'refresh_tokens.expires_at',
        'refresh_tokens.used_at',
        'token_families.id as family_id',
        'token_families.account_id',
        'token_families.client_id',
        'token_families.revoked_at as family_revoked_at',
        'api_clients.revoked_at as client_revoked_at',
      ])
      .where('refresh_tokens.token_hash', '=', sha256Hex(presentedRefreshToken))
      .executeTakeFirst();

    if (!stored) return { invalid: 'unknown token' };
    if (stored.family_revoked_at || stored.client_revoked_at) return { invalid: 'revoked' };
    if (stored.used_at) {
      await trx.updateTable('token_families').set({ revoked_at: now }).where('id', '=', stored.family_id).execute();
      return { reused: true };
    }
    if (stored.expires_at <= now) return { invalid: 'expired' };
    if (!sameDigest(stored.access_token_hash, sha256Hex(accessToken))) return { invalid: 'it does not belong to this access token' };

    // The guard on used_at makes two concurrent refreshes with one token count as a reuse.
    const retired = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', stored.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(retired.numUpdatedRows) !== 1) {
      await trx.updateTable('token_families').set({ revoked_at: now }).where('id', '=', stored.family_id).execute();
      return { reused: true };
    }
    const tokens = await issueTokens(ctx, trx, { id: stored.family_id, accountId: stored.account_id, clientId: stored.client_id });
    return { tokens };
  });

  if ('tokens' in outcome) return outcome.tokens;
  if ('reused' in outcome) {
    ctx.logger.warn({ event: 'refresh_token_reused' }, 'A retired refresh token was presented again; its token family is revoked');
    throw new AppError('REFRESH_TOKEN_REUSED', 'This refresh token was already used. Every token of this login is now revoked; log in again.');
  }
  throw invalidRefreshToken(outcome.invalid);
};
