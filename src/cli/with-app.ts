import pino from 'pino';
import { openAppContext } from '../app-context.js';
import type { AppContext } from '../app/context.js';
import { loadConfig } from '../config.js';
import { systemClock } from '../domain/clock.js';
import { createLogger } from '../infra/logger.js';

/** Runs a CLI action against the configured database (migrated first), then closes it. */
export const withApp = async <T>(action: (ctx: AppContext) => Promise<T>): Promise<T> => {
  const config = loadConfig();
  // Logs go to stderr so that `--json` output on stdout stays pure JSON.
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, pino.destination({ dest: 2, sync: true }));
  const opened = await openAppContext(config, { clock: systemClock, logger });
  try {
    return await action(opened.ctx);
  } finally {
    await opened.close();
  }
};
