import type { Db } from '../database.js';
import { rowCodec } from '../row-codec.js';
import type { ConsoleSessionsTable } from '../schema.js';

/** A person's signed-in browser: the cookie's token is stored only as a hash. */
export interface ConsoleSession {
  id: string;
  tokenHash: string;
  userId: string;
  accountId: string;
  /** The last token exchange (or the sign-in): the idle timeout counts from here. */
  lastSeenAt: string;
  /** The absolute end, 7 days after the sign-in. */
  expiresAt: string;
  endedAt: string | null;
  createdAt: string;
}

const sessionCodec = rowCodec<ConsoleSession, ConsoleSessionsTable>({
  id: 'id',
  tokenHash: 'token_hash',
  userId: 'user_id',
  accountId: 'account_id',
  lastSeenAt: 'last_seen_at',
  expiresAt: 'expires_at',
  endedAt: 'ended_at',
  createdAt: 'created_at',
});

export const insertSession = async (db: Db, session: ConsoleSession): Promise<void> => {
  await db.insertInto('console_sessions').values(sessionCodec.toRow(session)).execute();
};

export const readSessionByTokenHash = async (db: Db, tokenHash: string): Promise<ConsoleSession | undefined> => {
  const row = await db.selectFrom('console_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  return row && sessionCodec.fromRow(row);
};

export const touchSession = async (db: Db, sessionId: string, lastSeenAt: string): Promise<void> => {
  await db.updateTable('console_sessions').set({ last_seen_at: lastSeenAt }).where('id', '=', sessionId).execute();
};

export const endSession = async (db: Db, sessionId: string, endedAt: string): Promise<void> => {
  await db.updateTable('console_sessions').set({ ended_at: endedAt }).where('id', '=', sessionId).where('ended_at', 'is', null).execute();
};

/** Ends every open session of the user, but `keepSessionId` when given (the one that changed the password). */
export const endSessionsOfUser = async (db: Db, userId: string, endedAt: string, keepSessionId?: string): Promise<void> => {
  let query = db.updateTable('console_sessions').set({ ended_at: endedAt }).where('user_id', '=', userId).where('ended_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
};

export const deleteSessionsOfUser = async (db: Db, userId: string): Promise<void> => {
  await db.deleteFrom('console_sessions').where('user_id', '=', userId).execute();
};
