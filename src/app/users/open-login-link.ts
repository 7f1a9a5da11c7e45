import { readLoginLink, useLoginLink } from '../../infra/db/tables/console-login-links-table.js';
import { readUser } from '../../infra/db/tables/users-table.js';
import { sha256Hex } from '../../infra/hash.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { recordFailedSignIn, recordSecurityEvent } from '../security-log/record-security-event.js';
import { ssoRequiredFor } from '../sso/sso-enforcement.js';
import { startConsoleSession, type StartedSession } from './console-session.js';

/** What opening a link gave: a session (its cookie's token and absolute end), or why not. */
export type OpenedLink = { session: StartedSession } | { refused: 'unknown' | 'used' | 'expired' | 'sso_required' };

/** `GET /console/login/{token}`: uses the link up (once) and opens a session for its user. */
export const openLoginLink = async (ctx: AppContext, token: string, origin: RequestOrigin): Promise<OpenedLink> => {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx): Promise<OpenedLink> => {
    const link = await readLoginLink(trx, sha256Hex(token));
    if (!link) return { refused: 'unknown' };
    if (link.usedAt) return { refused: 'used' };
    if (link.expiresAt <= now.toISOString()) return { refused: 'expired' };
    const user = await readUser(trx, link.userId);
    if (!user) return { refused: 'unknown' };
    // Sent before the account enforced single sign-on: refused, and left unused.
    if (await ssoRequiredFor(trx, user)) {
      await recordFailedSignIn(ctx, trx, origin, user, 'email_link', 'single sign-on required');
      return { refused: 'sso_required' };
    }
    if (!(await useLoginLink(trx, link.tokenHash, now.toISOString()))) return { refused: 'used' };
    await recordSecurityEvent(ctx, trx, origin, {
      accountId: user.accountId,
      type: 'sign_in',
      userId: user.id,
      userEmail: user.email,
      method: 'email_link',
    });
    return { session: await startConsoleSession(trx, user, now) };
  });
};
