import { AppError } from '../../domain/app-error.js';
import { sessionDeadline } from '../../domain/console-sign-in.js';
import type { Db } from '../../infra/db/database.js';
import type { BuilderToken, BuilderTokenIssuer } from '../../infra/db/tables/builder-tokens-table.js';
import { readConsoleAccessToken } from '../../infra/db/tables/console-access-tokens-table.js';
import { readAccessToken } from '../../infra/db/tables/tokens-table.js';
import type { Caller } from '../context.js';

/**
 * The credential behind a builder: the API client's login (its token family, which a client's
 * revocation and a refresh token's reuse both end) or the console session (logout, its idle and
 * absolute end, the user's removal). Not the access token itself, which a refresh replaces and which
 * runs out long before the builder's hour, as a console token does in 15 minutes.
 */
export type BuilderIssuer = Pick<BuilderToken, 'issuerFamilyId' | 'issuerSessionId'>;

const credentialEnded = () =>
  new AppError(
    'INVALID_ACCESS_TOKEN',
    'The credential that generated this builder has ended (its API client or login was revoked, or its console session ended).',
  );

/** The issuer of the caller's token, an API client's (no user) or a console session's. */
export const builderIssuerOf = async (db: Db, caller: Caller): Promise<BuilderIssuer> => {
  if (caller.userId === null) {
    const token = await readAccessToken(db, caller.tokenHash);
    if (token) return { issuerFamilyId: token.familyId, issuerSessionId: null };
  } else {
    const token = await readConsoleAccessToken(db, caller.tokenHash);
    if (token) return { issuerFamilyId: null, issuerSessionId: token.sessionId };
  }
  throw credentialEnded();
};

const alive = (issuer: BuilderTokenIssuer, now: Date): boolean => {
  const { family, session } = issuer;
  if (family) return family.revokedAt === null && family.clientRevokedAt === null;
  if (session) return session.endedAt === null && sessionDeadline(new Date(session.lastSeenAt), new Date(session.expiresAt)) > now;
  return false;
};

/**
 * Every builder request's check that the credential which generated it still stands, read with the
 * token itself (readBuilderToken), never from the access-token cache: a revocation ends its builders
 * at once, in every process. 401 INVALID_ACCESS_TOKEN otherwise.
 */
export const assertBuilderIssuerAlive = (issuer: BuilderTokenIssuer, now: Date): void => {
  if (!alive(issuer, now)) throw credentialEnded();
};
