import { isPostgres } from './lock-for-update.js';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { DialectName } from './dialect.js';
import { GroupCommitSqliteDialect } from './group-commit-dialect.js';
import { migrationsFor } from './migrations/index.js';
import { openPostgresPool, type PostgresPoolUsage } from './postgres-pool.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type { DialectName };

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** The same database for migrations, which run alone before anything else and without group commit. */
  migrationDb: Db;
  /** PostgreSQL's connection pool now; undefined on SQLite, whose one writing connection group commit shares. */
  poolUsage: (() => PostgresPoolUsage) | undefined;
  close(): Promise<void>;
}

/** Transactions one group commit may hold: enough for every request of a busy moment, few enough that none waits long. */
const MAX_BATCH_TRANSACTIONS = 64;

/** One connection to the SQLite file with the service's settings. */
export const openSqliteConnection = (file: string, options: SqliteDatabase.Options = {}): SqliteDatabase.Database => {
  const sqlite = new SqliteDatabase(file, options);
  sqlite.pragma('journal_mode = WAL');
  // Signed evidence must survive a power cut: one fsync per commit (group commit shares it between transactions).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
};

export const openDatabase = (config: Config['database'], logger?: Logger): DatabaseHandle => {
  if (config.kind === 'postgres') {
    const pool = openPostgresPool(config.url, logger);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', migrationDb: db, poolUsage: pool.usage, close: () => db.destroy() };
  }
  mkdirSync(dirname(config.file), { recursive: true });
  const writer = openSqliteConnection(config.file);
  const reader = openSqliteConnection(config.file);
  reader.pragma('query_only = ON');
  const db = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect({ writer, reader, maxTransactions: MAX_BATCH_TRANSACTIONS }) });
  // Kysely's own driver on the writing connection; never destroyed, since closing `db` closes that connection.
  const migrationDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: writer }) });
  return { db, dialect: 'sqlite', migrationDb, poolUsage: undefined, close: () => db.destroy() };
};

/** Applies every pending migration; throws with the failing migration's name. */
const migratorFor = (db: Db, dialect: DialectName) => new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });

export const migrateToLatest = async ({ migrationDb, dialect }: DatabaseHandle): Promise<string[]> => {
  const migrator = migratorFor(migrationDb, dialect);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).map((r) => r.migrationName);
};

/**
 * The migrations the database records that this version lacks: a newer version migrated it. Kysely
 * refuses such a database as "corrupted"; the caller says what it is instead, before touching it.
 */
export const newerMigrations = async ({ migrationDb, dialect }: DatabaseHandle): Promise<string[]> => {
  const table =
    dialect === 'postgres'
      ? sql<{ found: string | null }>`select to_regclass('kysely_migration')::text as found`
      : sql<{ found: string | null }>`select name as found from sqlite_master where type = 'table' and name = 'kysely_migration'`;
  if (!(await table.execute(migrationDb)).rows[0]?.found) return [];
  const known = migrationsFor(dialect);
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(migrationDb);
  return rows.map((row) => row.name).filter((name) => !Object.hasOwn(known, name));
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
