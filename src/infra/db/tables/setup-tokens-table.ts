import { sql } from 'kysely';
import type { Db } from '../database.js';
import { isPostgres } from '../lock-for-update.js';

/** Any fixed number, the same in every process: pg_advisory_xact_lock's key for setups. */
const SETUP_LOCK_KEY = 0x5e7_0f_1257;

/** The setup tokens of the starts since the installation was made, as SHA-256 hashes (the token itself is only printed). */
export const insertSetupToken = async (db: Db, tokenHash: string, createdAt: string): Promise<void> => {
  await db.insertInto('setup_tokens').values({ token_hash: tokenHash, created_at: createdAt }).execute();
};

export const setupTokenExists = async (db: Db, tokenHash: string): Promise<boolean> =>
  (await db.selectFrom('setup_tokens').select('token_hash').where('token_hash', '=', tokenHash).executeTakeFirst()) !== undefined;

export const deleteSetupToken = async (db: Db, tokenHash: string): Promise<void> => {
  await db.deleteFrom('setup_tokens').where('token_hash', '=', tokenHash).execute();
};

export const deleteAllSetupTokens = async (db: Db): Promise<void> => {
  await db.deleteFrom('setup_tokens').execute();
};

/**
 * Makes setups on one database take turns until the transaction ends: of two at once, the second
 * sees the first's account. PostgreSQL's transaction-scoped advisory lock; SQLite's single writer
 * already runs transactions one at a time.
 */
export const lockSetups = async (db: Db): Promise<void> => {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(${SETUP_LOCK_KEY})`.execute(db);
};
