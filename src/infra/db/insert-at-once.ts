import { sql, type OperationNodeSource } from 'kysely';
import type { Db } from './database.js';
import { isPostgres } from './lock-for-update.js';

/** An insert built by a table module, not run yet. */
export interface PendingInsert extends OperationNodeSource {
  execute(): Promise<unknown>;
}

/**
 * Runs inserts into several tables as one statement on PostgreSQL: each is a data-modifying WITH
 * of a `select 1`, which PostgreSQL runs to completion, checking foreign keys at the end of the
 * statement (so a row may reference one inserted beside it). One round trip instead of one per
 * insert. On SQLite, which has no INSERT in WITH and no round trips, they run one after another.
 * Callers keep the whole statement under PostgreSQL's 65,535 parameters (an envelope's rows do).
 */
export const insertAtOnce = async (db: Db, inserts: readonly PendingInsert[]): Promise<void> => {
  if (!isPostgres(db) || inserts.length < 2) {
    for (const insert of inserts) await insert.execute();
    return;
  }
  const ctes = sql.join(inserts.map((insert, i) => sql`${sql.ref(`insert_${i}`)} as (${insert})`));
  await sql`with ${ctes} select 1`.execute(db);
};
