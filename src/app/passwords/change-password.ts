import { AppError } from '../../domain/app-error.js';
import { readConsoleAccessToken } from '../../infra/db/tables/console-access-tokens-table.js';
import { usePasswordResetLinksOfUser } from '../../infra/db/tables/password-reset-links-table.js';
import { deleteSignInFailure } from '../../infra/db/tables/sign-in-failures-table.js';
import { readPasswordHash, readUser, setPasswordHash } from '../../infra/db/tables/users-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { verifyPassword } from '../../infra/password-hash.js';
import type { AppContext, Caller } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { recordSecurityEvent } from '../security-log/record-security-event.js';
import { endUserSessions, forgetUserTokens } from './end-user-sessions.js';
import { newPasswordHash } from './new-password.js';
import { beginPasswordAttempt, settleFailedAttempt } from './password-sign-in-lockout.js';

export interface PasswordChange {
  caller: Caller;
  /** Left out by a user who has no password yet. */
  currentPassword?: string;
  newPassword: string;
  origin: RequestOrigin;
}

export const NOT_A_PERSON_MESSAGE =
  "Only a person signed in to the console has a password: this is an API client's token. Use a console access token.";

/**
 * Checks the current password as sign-in does: a wrong one counts toward the address's lock-out, so a
 * borrowed console token cannot be used to guess it.
 */
const assertCurrentPassword = async (ctx: AppContext, email: string, stored: string, given: string | undefined): Promise<void> => {
  if (given === undefined) {
    throw new AppError('FIELD_REQUIRED', 'Give your current password to change it.', { field: 'current_password' });
  }
  const addressHash = sha256Hex(email);
  const attempt = await ctx.db.transaction().execute((trx) => beginPasswordAttempt(trx, addressHash, ctx.clock.now()));
  if (await verifyPassword(given, stored)) {
    await deleteSignInFailure(ctx.db, attempt);
    return;
  }
  await ctx.db.transaction().execute((trx) => settleFailedAttempt(trx, addressHash, ctx.clock.now()));
  throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong.', { field: 'current_password' });
};

/**
 * `POST /console/password`: the signed-in person sets their first password or changes it. Their other
 * console sessions end (and those sessions' tokens stop working): whoever else was signed in as them
 * is signed out; the session that made the change stays. Unused reset links are spent.
 */
export const changePassword = async (ctx: AppContext, input: PasswordChange): Promise<{ firstPassword: boolean }> => {
  if (!input.caller.userId) throw new AppError('ROLE_FORBIDDEN', NOT_A_PERSON_MESSAGE);
  const user = await readUser(ctx.db, input.caller.userId);
  if (!user) throw new AppError('INVALID_ACCESS_TOKEN', 'The access token is missing, unknown, revoked or expired.');
  const stored = await readPasswordHash(ctx.db, user.id);
  if (stored) await assertCurrentPassword(ctx, user.email, stored, input.currentPassword);
  const hash = await newPasswordHash(user, input.newPassword, 'new_password');

  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now().toISOString();
    await setPasswordHash(trx, user.id, hash);
    await usePasswordResetLinksOfUser(trx, user.id, now);
    const ownSession = (await readConsoleAccessToken(trx, input.caller.tokenHash))?.sessionId;
    await endUserSessions(ctx, trx, user.id, ownSession);
    await recordSecurityEvent(ctx, trx, input.origin, {
      accountId: user.accountId,
      type: 'password_changed',
      userId: user.id,
      userEmail: user.email,
      detail: stored ? 'password changed; other sessions ended' : 'first password set; other sessions ended',
    });
  });
  forgetUserTokens(ctx, user.id);
  return { firstPassword: !stored };
};
