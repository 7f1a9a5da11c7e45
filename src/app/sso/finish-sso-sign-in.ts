import type { ErrorCode } from '../../domain/app-error.js';
import { emailDomainOf } from '../../domain/sso-settings.js';
import { readAccountForUpdate } from '../../infra/db/tables/accounts-table.js';
import { readSsoConfig, type SsoConfig } from '../../infra/db/tables/sso-configs-table.js';
import { takePendingSsoSignIn } from '../../infra/db/tables/sso-sign-ins-table.js';
import { countUsersOfAccount, insertUser, readUsersByEmail, type User } from '../../infra/db/tables/users-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { newId } from '../../infra/ids.js';
import { ProviderRefusal, redeemCallback, type ProviderIdentity } from '../../infra/oidc/openid-provider.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { recordSecurityEvent } from '../security-log/record-security-event.js';
import { startConsoleSession, type StartedSession } from '../users/console-session.js';
import { MAX_USERS_PER_ACCOUNT } from '../users/invite-user.js';
import { normalizeEmail } from '../users/email-address.js';
import { openClientSecret } from './sso-client-secret.js';
import { ssoRedirectUri } from './sso-redirect-uri.js';

/** The callback's outcome: a session for the person, or the code the browser is sent back to the console with. */
export type FinishedSsoSignIn = { session: StartedSession; user: User } | { refused: ErrorCode };

/** Names just-in-time users as invitations bound them. */
const MAX_NAME_LENGTH = 200;

/** A refusal the callback turns into `/?sso_error=<code>`; `email` is the token's address when one was read. */
class Refusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly email?: string,
  ) {
    super(code);
  }
}

/** The pending sign-in of this state (used up now, whatever follows) if the browser that started it is the one back. */
const takeSignIn = async (ctx: AppContext, state: string | null, browserState: string | undefined) => {
  if (!state) throw new Refusal('SSO_STATE_INVALID');
  const pending = await takePendingSsoSignIn(ctx.db, sha256Hex(state));
  // A state that this browser did not start (login CSRF: someone else's callback link) is refused like an unknown one.
  if (!pending || browserState !== state) throw new Refusal('SSO_STATE_INVALID');
  return pending;
};

const verifiedAddress = (identity: ProviderIdentity, config: SsoConfig): string => {
  if (!identity.email || !identity.emailVerified)
    throw new Refusal('SSO_EMAIL_UNVERIFIED', identity.email && normalizeEmail(identity.email));
  const email = normalizeEmail(identity.email);
  if (!config.emailDomains.includes(emailDomainOf(email))) throw new Refusal('SSO_EMAIL_OUTSIDE_DOMAINS', email);
  return email;
};

/**
 * The account's user with this address, or a new one with the provider's default role (just in
 * time). An address that is another account's user's signs nobody in: one address, one user.
 */
const userFor = async (ctx: AppContext, trx: AppContext['db'], config: SsoConfig, email: string, identity: ProviderIdentity) => {
  const existing = await readUsersByEmail(trx, email);
  if (existing.some((user) => user.accountId !== config.accountId)) throw new Refusal('SSO_EMAIL_OUTSIDE_DOMAINS', email);
  if (existing[0]) return { user: existing[0], created: false };
  if ((await countUsersOfAccount(trx, config.accountId)) >= MAX_USERS_PER_ACCOUNT) throw new Refusal('USER_LIMIT_REACHED', email);
  const user: User = {
    id: newId('usr'),
    accountId: config.accountId,
    name: identity.name?.trim().slice(0, MAX_NAME_LENGTH) || email,
    email,
    role: config.defaultRole,
    createdAt: ctx.clock.now().toISOString(),
  };
  await insertUser(trx, user);
  return { user, created: true };
};

/**
 * `GET /console/sso/callback`: uses up the state, redeems the code at the provider (PKCE), checks
 * the ID token (openid-client: signature, issuer, audience, expiry, nonce), a verified address in
 * the account's domains, then signs that user in, made first if new, in one transaction. A refusal
 * changes nothing but the security log (`sso_refused`, the code as detail).
 */
export const finishSsoSignIn = async (
  ctx: AppContext,
  origin: RequestOrigin,
  callback: { url: URL; browserState: string | undefined },
): Promise<FinishedSsoSignIn> => {
  let accountId: string | undefined;
  try {
    const pending = await takeSignIn(ctx, callback.url.searchParams.get('state'), callback.browserState);
    accountId = pending.accountId;
    if (pending.expiresAt <= ctx.clock.now().toISOString()) throw new Refusal('SSO_STATE_INVALID');
    const config = await readSsoConfig(ctx.db, pending.accountId);
    if (!config) throw new Refusal('SSO_NOT_CONFIGURED');
    const identity = await redeemCallback(
      {
        metadata: config.metadata,
        clientId: config.clientId,
        clientSecret: openClientSecret(ctx, config),
        allowPrivate: ctx.config.ssoAllowPrivate,
        now: ctx.clock.now(),
      },
      new URL(`${ssoRedirectUri(ctx.config)}${callback.url.search}`),
      { state: callback.url.searchParams.get('state')!, nonce: pending.nonce, codeVerifier: pending.codeVerifier },
    ).catch((error: unknown) => {
      if (!(error instanceof ProviderRefusal)) throw error;
      ctx.logger.warn({ accountId: config.accountId, code: error.code, reason: error.reason }, 'single sign-on refused');
      throw new Refusal(error.code);
    });
    const email = verifiedAddress(identity, config);
    return await ctx.db.transaction().execute(async (trx) => {
      // The account's row lock makes just-in-time creations of one account count one after another.
      await readAccountForUpdate(trx, config.accountId);
      // Removed or narrowed while the person was at the provider: the settings of now decide.
      const current = await readSsoConfig(trx, config.accountId);
      if (!current) throw new Refusal('SSO_NOT_CONFIGURED', email);
      verifiedAddress(identity, current);
      const { user, created } = await userFor(ctx, trx, current, email, identity);
      await recordSecurityEvent(ctx, trx, origin, {
        accountId: current.accountId,
        type: 'sign_in',
        method: 'sso',
        userId: user.id,
        userEmail: user.email,
        ...(created ? { detail: `new ${user.role} (just in time)` } : {}),
      });
      return { session: await startConsoleSession(trx, user, ctx.clock.now()), user };
    });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    if (accountId) {
      await recordSecurityEvent(ctx, ctx.db, origin, {
        accountId,
        type: 'sso_refused',
        method: 'sso',
        ...(error.email ? { userEmail: error.email } : {}),
        detail: error.code,
      });
    }
    return { refused: error.code };
  }
};
