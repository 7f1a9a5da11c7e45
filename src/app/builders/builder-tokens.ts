import { AppError } from '../../domain/app-error.js';
import { addSeconds } from '../../domain/clock.js';
import type { Db } from '../../infra/db/database.js';
import {
  insertBuilderToken,
  readBuilderToken,
  spendBuilderToken,
  type BuilderKind,
  type BuilderToken,
} from '../../infra/db/tables/builder-tokens-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { newSecret } from '../../infra/ids.js';
import type { AppContext, Caller } from '../context.js';
import { assertBuilderIssuerAlive, builderIssuerOf, type BuilderIssuer } from './builder-issuer.js';

export type { BuilderKind, BuilderToken } from '../../infra/db/tables/builder-tokens-table.js';

export const BUILDER_TOKEN_PREFIX = 'cs_bt_';
export const BUILDER_URL_LIFETIME_SECONDS = 10 * 60;
export const BUILDER_SESSION_SECONDS = 60 * 60;

/** What a builder edits: one of these, by its kind. */
export type BuilderSubject = { kind: 'template'; templateId: string } | { kind: 'compose'; draftId: string };

export interface BuilderUrl {
  url: string;
  expiresAt: string;
}

/** The page that frames a builder (outside /api): `/embed/template/{token}` or `/embed/compose/{token}`. */
const builderUrl = (ctx: AppContext, kind: BuilderKind, token: string): string => `${ctx.config.publicUrl}/embed/${kind}/${token}`;

const insertToken = async (
  ctx: AppContext,
  db: Db,
  accountId: string,
  subject: BuilderSubject,
  issuer: BuilderIssuer,
  purpose: BuilderToken['purpose'],
  lifetimeSeconds: number,
): Promise<{ token: string; expiresAt: string }> => {
  const token = newSecret(BUILDER_TOKEN_PREFIX);
  const now = ctx.clock.now();
  const expiresAt = addSeconds(now, lifetimeSeconds).toISOString();
  await insertBuilderToken(db, {
    tokenHash: sha256Hex(token),
    kind: subject.kind,
    purpose,
    accountId,
    templateId: subject.kind === 'template' ? subject.templateId : null,
    draftId: subject.kind === 'compose' ? subject.draftId : null,
    expiresAt,
    usedAt: null,
    createdAt: now.toISOString(),
    ...issuer,
  });
  return { token, expiresAt };
};

/**
 * A builder's URL: single use, valid 10 minutes (docs/api/people.md), and no longer than the caller's
 * credential (builder-issuer.ts); only its hash is stored.
 */
export const issueBuilderUrl = async (ctx: AppContext, db: Db, caller: Caller, subject: BuilderSubject): Promise<BuilderUrl> => {
  const issuer = await builderIssuerOf(db, caller);
  const { token, expiresAt } = await insertToken(ctx, db, caller.accountId, subject, issuer, 'url', BUILDER_URL_LIFETIME_SECONDS);
  return { url: builderUrl(ctx, subject.kind, token), expiresAt };
};

const tokenNotFound = () => new AppError('BUILDER_TOKEN_NOT_FOUND', 'This builder link is unknown, has expired or was already used.');

const subjectOf = (token: BuilderToken): BuilderSubject =>
  token.kind === 'template' ? { kind: 'template', templateId: token.templateId! } : { kind: 'compose', draftId: token.draftId! };

/**
 * The token, when it exists and has not run out (an unknown token is simply undefined), and while
 * the credential that generated it stands (else 401 INVALID_ACCESS_TOKEN): every builder request
 * goes through here.
 */
const findBuilderToken = async (ctx: AppContext, rawToken: string): Promise<BuilderToken | undefined> => {
  const found = await readBuilderToken(ctx.db, sha256Hex(rawToken));
  const now = ctx.clock.now();
  if (!found || found.expiresAt <= now.toISOString()) return undefined;
  assertBuilderIssuerAlive(found.issuer, now);
  return found;
};

/** A builder session: its raw token, what it edits and until when. */
export interface BuilderSession {
  token: BuilderToken;
  sessionToken: string;
  subject: BuilderSubject;
}

/**
 * The first call of a builder: a URL token is spent (in its own statement, whatever happens next)
 * and exchanged for a session token valid one hour, so a leaked URL cannot be replayed while the
 * page keeps working after a reload; a session token answers for itself.
 */
export const openBuilderSession = async (ctx: AppContext, rawToken: string): Promise<BuilderSession> => {
  const token = await findBuilderToken(ctx, rawToken);
  if (!token) throw tokenNotFound();
  const subject = subjectOf(token);
  if (token.purpose === 'session') return { token, sessionToken: rawToken, subject };
  if (!(await spendBuilderToken(ctx.db, token.tokenHash, ctx.clock.now().toISOString()))) throw tokenNotFound();
  const issuer = { issuerFamilyId: token.issuerFamilyId, issuerSessionId: token.issuerSessionId };
  const session = await insertToken(ctx, ctx.db, token.accountId, subject, issuer, 'session', BUILDER_SESSION_SECONDS);
  const sessionToken = await findBuilderToken(ctx, session.token);
  if (!sessionToken) throw new Error('A session token just issued is not found.');
  return { token: sessionToken, sessionToken: session.token, subject };
};

/** Every builder operation but the first: a session token only (a URL token is exchanged by openBuilderSession). */
export const requireBuilderSession = async (ctx: AppContext, rawToken: string): Promise<BuilderToken & { subject: BuilderSubject }> => {
  const token = await findBuilderToken(ctx, rawToken);
  if (!token || token.purpose !== 'session') throw tokenNotFound();
  return { ...token, subject: subjectOf(token) };
};

/** A builder whose operation needs the other kind (saving a template from a composer, sending a template). */
export const kindMismatch = (expected: BuilderKind) =>
  new AppError('BUILDER_KIND_MISMATCH', `This operation is for the ${expected === 'template' ? 'template editor' : 'composer'} only.`);

/**
 * Whether the page of this token may still be framed: an unspent URL token until it expires, a spent
 * one as long as the session it opened can live (the page reloads under the same address), and a
 * session token until it expires.
 */
export const builderTokenFramable = async (ctx: AppContext, rawToken: string): Promise<BuilderToken | undefined> => {
  const found = await readBuilderToken(ctx.db, sha256Hex(rawToken));
  if (!found) return undefined;
  const now = ctx.clock.now();
  if (found.expiresAt > now.toISOString()) return found;
  if (found.purpose === 'url' && found.usedAt && addSeconds(new Date(found.usedAt), BUILDER_SESSION_SECONDS) > now) return found;
  return undefined;
};
