import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './database.js';

/** Opens the database and applies pending migrations: the part `serve`, `migrate` and the other CLI commands share. */
export const openMigratedDatabase = async (config: Config, logger: Logger): Promise<DatabaseHandle> => {
  const handle = openDatabase(config.database, logger);
  const applied = await migrateToLatest(handle);
  if (applied.length) logger.info({ migrations: applied }, 'Applied database migrations');
  return handle;
};
