import { PostgresAdapter, type SelectQueryBuilder } from 'kysely';
import type { Db } from './database.js';

/** SQLite has no `FOR UPDATE`: its single writer already serialises transactions. */
const locksRows = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** The query, locking the rows it reads until the transaction ends (a no-op on SQLite). */
export const lockForUpdate = <DB, TB extends keyof DB, O>(db: Db, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
  locksRows(db) ? query.forUpdate() : query;

/** The same, skipping rows another transaction holds: how competing workers claim jobs. */
export const lockForUpdateSkipLocked = <DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> => (locksRows(db) ? query.forUpdate().skipLocked() : query);

/** Whether the database is PostgreSQL, for the few statements whose SQL differs between the two. */
export const isPostgres = locksRows;
