import pino from 'pino';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../infra/logger.js';
import { openMigratedDatabase } from '../../infra/db/migrated-database.js';
import { printResult, type Command } from '../command.js';

export const migrate: Command = {
  usage: 'countersign migrate [--json]',
  options: {},
  run: async (args) => {
    const config = loadConfig();
    const database = await openMigratedDatabase(config, createLogger('warn', pino.destination({ dest: 2, sync: true })));
    await database.close();
    printResult(args, { status: 'migrated', database: config.database.kind });
    return 0;
  },
};
