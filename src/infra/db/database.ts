import { isPostgres } from './lock-for-update.js';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { DialectName } from './dialect.js';
import { migrationsFor } from './migrations/index.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type { DialectName };

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  close(): Promise<void>;
}

/** Required only for PostgreSQL, so a process on SQLite never loads it; it is CommonJS, so `require` keeps this synchronous. */
const loadPg = (): typeof pg => createRequire(import.meta.url)('pg') as typeof pg;

export const openDatabase = (config: Config['database'], logger?: Logger): DatabaseHandle => {
  if (config.kind === 'postgres') {
    const pool = new (loadPg().Pool)({ connectionString: config.url, max: 10 });
    // An idle connection dropped by the server (restart, failover, DROP DATABASE) must not crash the
    // process: the pool replaces it on the next checkout.
    pool.on('error', (error) => logger?.warn({ err: error }, 'An idle PostgreSQL connection failed'));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(dirname(config.file), { recursive: true });
  const sqlite = new SqliteDatabase(config.file);
  sqlite.pragma('journal_mode = WAL');
  // Signed evidence must survive a power cut: one fsync per commit.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
};

/** Applies every pending migration; throws with the failing migration's name. */
const migratorFor = (db: Db, dialect: DialectName) => new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });

export const migrateToLatest = async (db: Db, dialect: DialectName): Promise<string[]> => {
  const migrator = migratorFor(db, dialect);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).map((r) => r.migrationName);
};

/** True when the database answers and no migration is pending: what /readyz reports. */
export const isReady = async (db: Db): Promise<boolean> => {
  try {
    await sql`select 1`.execute(db);
    const known = await migratorFor(db, isPostgres(db) ? 'postgres' : 'sqlite').getMigrations();
    return known.every((m) => m.executedAt !== undefined);
  } catch {
    return false;
  }
};
