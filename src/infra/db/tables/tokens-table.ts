import type { Db } from '../database.js';
import { rowCodec } from '../row-codec.js';
import type { AccessTokensTable, RefreshTokensTable, TokenFamiliesTable } from '../schema.js';

/** One login: every token pair rotated from it, revoked together. */
export interface TokenFamily {
  id: string;
  accountId: string;
  clientId: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface AccessToken {
  tokenHash: string;
  familyId: string;
  accountId: string;
  clientId: string;
  expiresAt: string;
  createdAt: string;
}

export interface RefreshToken {
  tokenHash: string;
  familyId: string;
  /** The access token issued with it: a refresh presents both. */
  accessTokenHash: string;
  expiresAt: string;
  createdAt: string;
  usedAt: string | null;
}

const tokenFamilyCodec = rowCodec<TokenFamily, TokenFamiliesTable>({
  id: 'id',
  accountId: 'account_id',
  clientId: 'client_id',
  createdAt: 'created_at',
  revokedAt: 'revoked_at',
});

const accessTokenCodec = rowCodec<AccessToken, AccessTokensTable>({
  tokenHash: 'token_hash',
  familyId: 'family_id',
  accountId: 'account_id',
  clientId: 'client_id',
  expiresAt: 'expires_at',
  createdAt: 'created_at',
});

const refreshTokenCodec = rowCodec<RefreshToken, RefreshTokensTable>({
  tokenHash: 'token_hash',
  familyId: 'family_id',
  accessTokenHash: 'access_token_hash',
  expiresAt: 'expires_at',
  createdAt: 'created_at',
  usedAt: 'used_at',
});

export const insertTokenFamily = async (db: Db, family: TokenFamily): Promise<void> => {
  await db.insertInto('token_families').values(tokenFamilyCodec.toRow(family)).execute();
};

export const insertAccessToken = async (db: Db, token: AccessToken): Promise<void> => {
  await db.insertInto('access_tokens').values(accessTokenCodec.toRow(token)).execute();
};

export const insertRefreshToken = async (db: Db, token: RefreshToken): Promise<void> => {
  await db.insertInto('refresh_tokens').values(refreshTokenCodec.toRow(token)).execute();
};

/** What stands behind a token: its family and client, either of which may have been revoked since. */
export interface TokenStanding {
  familyRevokedAt: string | null;
  clientRevokedAt: string | null;
}

export const readAccessToken = async (db: Db, tokenHash: string): Promise<(AccessToken & TokenStanding) | undefined> => {
  const row = await db
    .selectFrom('access_tokens')
    .innerJoin('token_families', 'token_families.id', 'access_tokens.family_id')
    .innerJoin('api_clients', 'api_clients.id', 'access_tokens.client_id')
    .selectAll('access_tokens')
    .select(['token_families.revoked_at as family_revoked_at', 'api_clients.revoked_at as client_revoked_at'])
    .where('access_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { family_revoked_at, client_revoked_at, ...token } = row;
  return { ...accessTokenCodec.fromRow(token), familyRevokedAt: family_revoked_at, clientRevokedAt: client_revoked_at };
};

export const readRefreshToken = async (
  db: Db,
  tokenHash: string,
): Promise<(RefreshToken & { family: TokenFamily; clientRevokedAt: string | null }) | undefined> => {
  const row = await db
    .selectFrom('refresh_tokens')
    .innerJoin('token_families', 'token_families.id', 'refresh_tokens.family_id')
    .innerJoin('api_clients', 'api_clients.id', 'token_families.client_id')
    .selectAll('refresh_tokens')
    .select([
      'token_families.account_id as family_account_id',
      'token_families.client_id as family_client_id',
      'token_families.created_at as family_created_at',
      'token_families.revoked_at as family_revoked_at',
      'api_clients.revoked_at as client_revoked_at',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { family_account_id, family_client_id, family_created_at, family_revoked_at, client_revoked_at, ...token } = row;
  return {
    ...refreshTokenCodec.fromRow(token),
    clientRevokedAt: client_revoked_at,
    family: tokenFamilyCodec.fromRow({
      id: token.family_id,
      account_id: family_account_id,
      client_id: family_client_id,
      created_at: family_created_at,
      revoked_at: family_revoked_at,
    }),
  };
};

export const revokeTokenFamily = async (db: Db, familyId: string, revokedAt: string): Promise<void> => {
  await db.updateTable('token_families').set({ revoked_at: revokedAt }).where('id', '=', familyId).execute();
};

/**
 * Marks a refresh token used, unless it already is: false then. The guard makes two concurrent
 * refreshes with one token count as a reuse.
 */
export const retireRefreshToken = async (db: Db, tokenHash: string, usedAt: string): Promise<boolean> => {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: usedAt })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};
