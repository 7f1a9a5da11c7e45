import type { UserRole } from '../../../domain/user-role.js';
import type { Db } from '../database.js';
import { oneOf, rowCodec } from '../row-codec.js';
import type { ConsoleAccessTokensTable } from '../schema.js';

/** An access token a console session exchanged for; it carries the user's role. */
export interface ConsoleAccessToken {
  tokenHash: string;
  sessionId: string;
  accountId: string;
  userId: string;
  role: UserRole;
  expiresAt: string;
  createdAt: string;
}

const consoleTokenCodec = rowCodec<ConsoleAccessToken, ConsoleAccessTokensTable>({
  tokenHash: 'token_hash',
  sessionId: 'session_id',
  accountId: 'account_id',
  userId: 'user_id',
  role: ['role', oneOf<UserRole>()],
  expiresAt: 'expires_at',
  createdAt: 'created_at',
});

export const insertConsoleAccessToken = async (db: Db, token: ConsoleAccessToken): Promise<void> => {
  await db.insertInto('console_access_tokens').values(consoleTokenCodec.toRow(token)).execute();
};

/** A token with the end of its session, which ends the token too. */
export const readConsoleAccessToken = async (
  db: Db,
  tokenHash: string,
): Promise<(ConsoleAccessToken & { sessionEndedAt: string | null }) | undefined> => {
  const row = await db
    .selectFrom('console_access_tokens')
    .innerJoin('console_sessions', 'console_sessions.id', 'console_access_tokens.session_id')
    .selectAll('console_access_tokens')
    .select('console_sessions.ended_at as session_ended_at')
    .where('console_access_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_ended_at, ...token } = row;
  return { ...consoleTokenCodec.fromRow(token), sessionEndedAt: session_ended_at };
};

/** A user's tokens take a new role at once, so a demoted admin's live token loses the admin operations. */
export const updateConsoleAccessTokenRoles = async (db: Db, userId: string, role: UserRole): Promise<void> => {
  await db.updateTable('console_access_tokens').set({ role }).where('user_id', '=', userId).execute();
};

export const deleteConsoleAccessTokensOfUser = async (db: Db, userId: string): Promise<void> => {
  await db.deleteFrom('console_access_tokens').where('user_id', '=', userId).execute();
};
