import { addSeconds } from '../../domain/clock.js';
import { CONSOLE_SIGN_IN } from '../../domain/console-sign-in.js';
import type { Db } from '../../infra/db/database.js';
import { insertSession } from '../../infra/db/tables/console-sessions-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { newId, newSecret } from '../../infra/ids.js';

const SESSION_TOKEN_PREFIX = 'cs_ss_';

/** A new console session: the token for its cookie (stored only as a hash) and its absolute end. */
export interface StartedSession {
  token: string;
  expiresAt: Date;
}

/** Opens a console session for the user, within the caller's transaction: how every sign-in ends. */
export const startConsoleSession = async (db: Db, user: { id: string; accountId: string }, now: Date): Promise<StartedSession> => {
  const token = newSecret(SESSION_TOKEN_PREFIX);
  const expiresAt = addSeconds(now, CONSOLE_SIGN_IN.sessionMaxSeconds);
  await insertSession(db, {
    id: newId('ses'),
    tokenHash: sha256Hex(token),
    userId: user.id,
    accountId: user.accountId,
    lastSeenAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    endedAt: null,
    createdAt: now.toISOString(),
  });
  return { token, expiresAt };
};
