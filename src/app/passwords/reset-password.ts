import { AppError } from '../../domain/app-error.js';
import {
  readPasswordResetLink,
  usePasswordResetLink,
  usePasswordResetLinksOfUser,
} from '../../infra/db/tables/password-reset-links-table.js';
import { unlockAddress } from '../../infra/db/tables/sign-in-failures-table.js';
import { readUser, setPasswordHash } from '../../infra/db/tables/users-table.js';
import { sha256Hex } from '../../infra/hash.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { recordSecurityEvent } from '../security-log/record-security-event.js';
import { endUserSessions, forgetUserTokens } from './end-user-sessions.js';
import { newPasswordHash } from './new-password.js';

export const INVALID_RESET_TOKEN_MESSAGE =
  'This reset link is not valid: it was used already, it is older than 15 minutes, or it was copied incompletely. Ask for a new one.';

const invalidLink = () => new AppError('INVALID_RESET_TOKEN', INVALID_RESET_TOKEN_MESSAGE);

export interface PasswordReset {
  token: string;
  newPassword: string;
  origin: RequestOrigin;
}

/**
 * `POST /console/password_reset/{token}`: the link's user gets the new password; the link and every
 * other unused one of theirs are spent, every console session of theirs ends (with its tokens) and a
 * lock-out of their address is lifted: whoever opened the link reads their mail. A new password that
 * breaks a rule leaves the link usable.
 */
export const resetPassword = async (ctx: AppContext, input: PasswordReset): Promise<void> => {
  const tokenHash = sha256Hex(input.token);
  const link = await readPasswordResetLink(ctx.db, tokenHash);
  if (!link || link.usedAt || link.expiresAt <= ctx.clock.now().toISOString()) throw invalidLink();
  const user = await readUser(ctx.db, link.userId);
  if (!user) throw invalidLink();
  const hash = await newPasswordHash(user, input.newPassword, 'new_password');

  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now().toISOString();
    if (link.expiresAt <= now || !(await usePasswordResetLink(trx, tokenHash, now))) throw invalidLink();
    await setPasswordHash(trx, user.id, hash);
    await usePasswordResetLinksOfUser(trx, user.id, now);
    await endUserSessions(ctx, trx, user.id);
    await unlockAddress(trx, sha256Hex(user.email));
    await recordSecurityEvent(ctx, trx, input.origin, {
      accountId: user.accountId,
      type: 'password_reset',
      userId: user.id,
      userEmail: user.email,
      detail: 'password reset by e-mail link; every session ended',
    });
  });
  forgetUserTokens(ctx, user.id);
};
