import type { Logger } from 'pino';
import { ConfigError, type Config } from '../../config.js';
import { migrateToLatest, newerMigrations, openDatabase, type DatabaseHandle } from './database.js';
import { waitForPostgres } from './postgres-at-start.js';

/** An older version started on an upgraded database: it refuses, changing nothing (docs/operations/backups.md, Upgrading). */
const migratedByNewerVersion = (database: Config['database'], newer: string[]) =>
  new ConfigError(
    database.kind === 'postgres' ? 'DATABASE_URL names' : `${database.file} is`,
    `a database that a newer version of Countersign migrated (${newer.join(', ')}): start that version or a later one, ` +
      'or restore the backup taken before the upgrade',
  );

/** Opens the database and applies pending migrations: the part `serve`, `migrate` and the other CLI commands share. */
export const openMigratedDatabase = async (config: Config, logger: Logger): Promise<DatabaseHandle> => {
  const handle = openDatabase(config.database, logger);
  try {
    if (config.database.kind === 'postgres') {
      await waitForPostgres(handle.db, config.database.url, config.databaseStartWaitSeconds, logger);
    }
    const newer = await newerMigrations(handle);
    if (newer.length) throw migratedByNewerVersion(config.database, newer);
    const applied = await migrateToLatest(handle);
    if (applied.length) logger.info({ migrations: applied }, 'Applied database migrations');
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
};
