import { AppError } from '../../domain/app-error.js';
import { readApiClient } from '../../infra/db/tables/api-clients-table.js';
import { insertTokenFamily } from '../../infra/db/tables/tokens-table.js';
import { sameDigest, sha256Hex } from '../../infra/hash.js';
import { newId } from '../../infra/ids.js';
import type { AppContext } from '../context.js';
import { decodeCredentials } from './credentials.js';
import { issueTokens, type TokenPair } from './issue-tokens.js';

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'The credentials are not valid.');

/** Exchanges client credentials for a new token family's first pair. */
export const login = async (ctx: AppContext, credentials: string | undefined): Promise<TokenPair> => {
  if (!credentials) {
    throw new AppError(
      'CREDENTIALS_REQUIRED',
      'Send "credentials" (base64 of client_id:client_secret) or an Authorization: Basic header.',
      {
        field: 'credentials',
      },
    );
  }
  const parsed = decodeCredentials(credentials);
  if (!parsed) throw invalidCredentials();

  const issued = await ctx.db
    .transaction()
    .execute(async (trx): Promise<{ tokens: TokenPair } | { revokedClientId: string } | undefined> => {
      const client = await readApiClient(trx, parsed.clientId);
      if (!client || !sameDigest(client.secretHash, sha256Hex(parsed.clientSecret))) return undefined;
      if (client.revokedAt) return { revokedClientId: client.id };
      const family = { id: newId('tfam'), accountId: client.accountId, clientId: client.id };
      await insertTokenFamily(trx, { ...family, createdAt: ctx.clock.now().toISOString(), revokedAt: null });
      return { tokens: await issueTokens(ctx, trx, family) };
    });
  if (issued && 'tokens' in issued) return issued.tokens;
  // A revocation made by another process (the CLI) reaches this process's token cache here too.
  if (issued) ctx.accessTokens.forgetClient(issued.revokedClientId);
  throw invalidCredentials();
};
