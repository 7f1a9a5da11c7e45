import { AppError } from '../../domain/app-error.js';
import { deleteSignInFailure } from '../../infra/db/tables/sign-in-failures-table.js';
import { readPasswordHash, readUsersByEmail, type User } from '../../infra/db/tables/users-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { verifyPassword } from '../../infra/password-hash.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { recordFailedSignIn, recordSecurityEvent } from '../security-log/record-security-event.js';
import { ssoRequiredFor } from '../sso/sso-enforcement.js';
import { startConsoleSession, type StartedSession } from '../users/console-session.js';
import { normalizeEmail } from '../users/email-address.js';
import { beginPasswordAttempt, settleFailedAttempt } from './password-sign-in-lockout.js';

/**
 * A scrypt hash of a random password nobody knows, with the current parameters: checked when the
 * address has no user, or a user without a password, so that the answer takes as long as for a user.
 */
const UNKNOWN_USER_HASH =
  'scrypt$ln=15,r=8,p=3$ldcB6IWsgizdWWQs+dcZhA==$0XNmQsJiqD+U/nhhclwByphVGp/Vag9RK+ClwWm24LgkUW+G2E51qrKYocS2DoJB0MwViAtlguYWTtptXFnF9Q==';

export const INVALID_PASSWORD_SIGN_IN_MESSAGE = 'The e-mail address or the password is wrong.';
export const SSO_REQUIRED_MESSAGE = 'Your organisation signs you in through its identity provider: use single sign-on.';

export interface PasswordSignInInput {
  email: string;
  password: string;
  origin: RequestOrigin;
}

/** The address's one user (an address shared by users of several accounts signs nobody in, as with links). */
const userWithAddress = async (ctx: AppContext, address: string): Promise<User | undefined> => {
  const users = await readUsersByEmail(ctx.db, address);
  return users.length === 1 ? users[0] : undefined;
};

/**
 * `POST /console/sign_in`: a console session for the right address and password. Every wrong pair —
 * an unknown address, a user without a password — answers the same 401 after the same scrypt work;
 * ten failures for an address within 15 minutes lock it for 15 minutes (423 USER_LOCKED), a user or
 * not. A correct password of a user whose account enforces single sign-on: 403 SSO_REQUIRED, never
 * before the password is known to be right (so it tells a stranger nothing).
 */
export const signInWithPassword = async (ctx: AppContext, input: PasswordSignInInput): Promise<StartedSession> => {
  const address = normalizeEmail(input.email);
  const addressHash = sha256Hex(address);
  const attempt = await ctx.db.transaction().execute((trx) => beginPasswordAttempt(trx, addressHash, ctx.clock.now()));

  const user = await userWithAddress(ctx, address);
  const storedHash = user ? await readPasswordHash(ctx.db, user.id) : null;
  const correct = await verifyPassword(input.password, storedHash ?? UNKNOWN_USER_HASH);

  if (!correct || !user || !storedHash) {
    await ctx.db.transaction().execute(async (trx) => {
      const locked = await settleFailedAttempt(trx, addressHash, ctx.clock.now());
      if (!user) return;
      await recordFailedSignIn(ctx, trx, input.origin, user, 'password', storedHash ? 'wrong password' : 'no password set');
      if (locked) {
        const who = { accountId: user.accountId, userId: user.id, userEmail: user.email, method: 'password' as const };
        await recordSecurityEvent(ctx, trx, input.origin, { ...who, type: 'user_locked', detail: 'too many failed sign-ins' });
      }
    });
    throw new AppError('INVALID_CREDENTIALS', INVALID_PASSWORD_SIGN_IN_MESSAGE);
  }

  const outcome = await ctx.db.transaction().execute(async (trx) => {
    await deleteSignInFailure(trx, attempt);
    if (await ssoRequiredFor(trx, user)) {
      await recordFailedSignIn(ctx, trx, input.origin, user, 'password', 'single sign-on required');
      return 'sso-required' as const;
    }
    const who = { accountId: user.accountId, userId: user.id, userEmail: user.email, method: 'password' as const };
    await recordSecurityEvent(ctx, trx, input.origin, { ...who, type: 'sign_in' });
    return startConsoleSession(trx, user, ctx.clock.now());
  });
  // The refusal is recorded, so it is thrown after the commit.
  if (outcome === 'sso-required') throw new AppError('SSO_REQUIRED', SSO_REQUIRED_MESSAGE);
  return outcome;
};
