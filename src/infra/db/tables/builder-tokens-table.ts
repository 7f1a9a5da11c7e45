import type { Db } from '../database.js';
import { oneOf, rowCodec } from '../row-codec.js';
import type { BuilderTokensTable } from '../schema.js';

/** What a builder edits: an account's template, or a composer's draft. */
export type BuilderKind = 'template' | 'compose';
/** `url`: the single-use token of a generated URL; `session`: the token its first use hands out. */
export type BuilderTokenPurpose = 'url' | 'session';

/** A builder's credential; only the hash of the raw token is ever stored. */
export interface BuilderToken {
  tokenHash: string;
  kind: BuilderKind;
  purpose: BuilderTokenPurpose;
  accountId: string;
  templateId: string | null;
  draftId: string | null;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
  /** The API client's login (token family) that generated the URL; null when a console session did. */
  issuerFamilyId: string | null;
  /** The console session that generated the URL; null when an API client did. */
  issuerSessionId: string | null;
}

/**
 * The issuing credential as it stands now, each part null when its row is not there (a removed
 * user's sessions are deleted; a token issued before issuers were recorded has neither).
 */
export interface BuilderTokenIssuer {
  family: { revokedAt: string | null; clientRevokedAt: string | null } | null;
  session: { endedAt: string | null; lastSeenAt: string; expiresAt: string } | null;
}

const builderTokenCodec = rowCodec<BuilderToken, BuilderTokensTable>({
  tokenHash: 'token_hash',
  kind: ['kind', oneOf<BuilderKind>()],
  purpose: ['purpose', oneOf<BuilderTokenPurpose>()],
  accountId: 'account_id',
  templateId: 'template_id',
  draftId: 'draft_id',
  expiresAt: 'expires_at',
  usedAt: 'used_at',
  createdAt: 'created_at',
  issuerFamilyId: 'issuer_family_id',
  issuerSessionId: 'issuer_session_id',
});

export const insertBuilderToken = async (db: Db, token: BuilderToken): Promise<void> => {
  await db.insertInto('builder_tokens').values(builderTokenCodec.toRow(token)).execute();
};

/** The token with its issuer's standing, in one lookup by primary keys. */
export const readBuilderToken = async (db: Db, tokenHash: string): Promise<(BuilderToken & { issuer: BuilderTokenIssuer }) | undefined> => {
  const row = await db
    .selectFrom('builder_tokens')
    .leftJoin('token_families', 'token_families.id', 'builder_tokens.issuer_family_id')
    .leftJoin('api_clients', 'api_clients.id', 'token_families.client_id')
    .leftJoin('console_sessions', 'console_sessions.id', 'builder_tokens.issuer_session_id')
    .selectAll('builder_tokens')
    .select([
      'token_families.id as family_id',
      'token_families.revoked_at as family_revoked_at',
      'api_clients.revoked_at as client_revoked_at',
      'console_sessions.ended_at as session_ended_at',
      'console_sessions.last_seen_at as session_last_seen_at',
      'console_sessions.expires_at as session_expires_at',
    ])
    .where('builder_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { family_id, family_revoked_at, client_revoked_at, session_ended_at, session_last_seen_at, session_expires_at, ...token } = row;
  const issuer: BuilderTokenIssuer = {
    family: family_id === null ? null : { revokedAt: family_revoked_at, clientRevokedAt: client_revoked_at },
    session:
      session_last_seen_at === null || session_expires_at === null
        ? null
        : { endedAt: session_ended_at, lastSeenAt: session_last_seen_at, expiresAt: session_expires_at },
  };
  return { ...builderTokenCodec.fromRow(token), issuer };
};

/** Marks a URL token used unless it already is: false then, so two first uses at once open one session. */
export const spendBuilderToken = async (db: Db, tokenHash: string, usedAt: string): Promise<boolean> => {
  const spent = await db
    .updateTable('builder_tokens')
    .set({ used_at: usedAt })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
};

/** Deletes the tokens that expired before `before`. */
export const deleteBuilderTokensExpiredBefore = async (db: Db, before: string): Promise<void> => {
  await db.deleteFrom('builder_tokens').where('expires_at', '<', before).execute();
};
