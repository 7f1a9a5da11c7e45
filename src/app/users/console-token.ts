import { AppError } from '../../domain/app-error.js';
import { addSeconds } from '../../domain/clock.js';
import { CONSOLE_SIGN_IN, sessionDeadline } from '../../domain/console-sign-in.js';
import { insertConsoleAccessToken } from '../../infra/db/tables/console-access-tokens-table.js';
import { endSession, readSessionByTokenHash, touchSession } from '../../infra/db/tables/console-sessions-table.js';
import { readAccount, type Account } from '../../infra/db/tables/accounts-table.js';
import { readPasswordHash, readUser, type User } from '../../infra/db/tables/users-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { newSecret } from '../../infra/ids.js';
import { CONSOLE_ACCESS_TOKEN_PREFIX } from '../auth/issue-tokens.js';
import type { AppContext } from '../context.js';

export interface ConsoleToken {
  accessToken: string;
  accessTokenExpiresAt: Date;
  /** Who is signed in, and where: for the console to show. */
  user: User;
  /** Whether the user has set a password: the console asks an invited person for a first one until they have. */
  hasPassword: boolean;
  account: Account;
}

/**
 * `POST /console/token`: a 15-minute access token for the session's user, with the user's role as it
 * is now. The exchange is the session's use: it restarts the idle timeout (never past the absolute end).
 */
export const exchangeSession = async (ctx: AppContext, sessionToken: string | undefined): Promise<ConsoleToken> => {
  if (!sessionToken) throw new AppError('SESSION_REQUIRED', 'Sign in first: this needs the console session cookie.');
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<ConsoleToken | 'unknown' | 'ended'> => {
    const session = await readSessionByTokenHash(trx, sha256Hex(sessionToken));
    if (!session) return 'unknown';
    if (session.endedAt) return 'ended';
    if (sessionDeadline(new Date(session.lastSeenAt), new Date(session.expiresAt)) <= now) {
      await endSession(trx, session.id, now.toISOString());
      return 'ended';
    }
    const user = await readUser(trx, session.userId);
    const account = user && (await readAccount(trx, user.accountId));
    if (!user || !account) return 'unknown';
    await touchSession(trx, session.id, now.toISOString());
    const accessToken = newSecret(CONSOLE_ACCESS_TOKEN_PREFIX);
    const accessTokenExpiresAt = addSeconds(now, CONSOLE_SIGN_IN.accessTokenTtlSeconds);
    await insertConsoleAccessToken(trx, {
      tokenHash: sha256Hex(accessToken),
      sessionId: session.id,
      accountId: user.accountId,
      userId: user.id,
      role: user.role,
      expiresAt: accessTokenExpiresAt.toISOString(),
      createdAt: now.toISOString(),
    });
    const hasPassword = (await readPasswordHash(trx, user.id)) !== null;
    return { accessToken, accessTokenExpiresAt, user, hasPassword, account };
  });
  if (outcome === 'unknown') throw new AppError('SESSION_REQUIRED', 'The session is unknown: sign in again.');
  if (outcome === 'ended') throw new AppError('SESSION_EXPIRED', 'The session has ended (signed out, or unused too long): sign in again.');
  return outcome;
};
