import pino from 'pino';
import { openAppContext } from '../app-context.js';
import type { AppContext } from '../app/context.js';
import { readServedPublicUrl } from '../app/instance/served-public-url.js';
import { loadConfig } from '../config.js';
import { systemClock } from '../domain/clock.js';
import { createLogger } from '../infra/logger.js';

/**
 * Runs a CLI action against the configured database (migrated first), then closes it. Without PUBLIC_URL
 * in the CLI's environment, links it makes point at the URL the service last started with, not at the
 * CLI's own default of localhost and PORT.
 */
export const withApp = async <T>(action: (ctx: AppContext) => Promise<T>): Promise<T> => {
  const config = loadConfig();
  // Logs go to stderr so that `--json` output on stdout stays pure JSON.
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, pino.destination({ dest: 2, sync: true }));
  const opened = await openAppContext(config, { clock: systemClock, logger });
  try {
    const servedPublicUrl = config.publicUrlConfigured ? undefined : await readServedPublicUrl(opened.ctx);
    return await action(servedPublicUrl ? { ...opened.ctx, config: { ...opened.ctx.config, publicUrl: servedPublicUrl } } : opened.ctx);
  } finally {
    await opened.close();
  }
};
