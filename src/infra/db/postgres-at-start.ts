import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { ConfigError } from '../../config.js';
import type { Db } from './database.js';
import { DatabaseUnavailable } from './database-unreachable.js';

/** Waits between attempts: short at first (a database starting next to the service), then steady. */
const retryDelaysMs = [1_000, 2_000, 4_000];
const STEADY_DELAY_MS = 5_000;

/** Where DATABASE_URL points, as it may be printed: host and port, never the user or password. */
const hostOf = (url: string): string => {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || '5432'}`;
};

/**
 * Waits for PostgreSQL to answer before anything else touches it: a service started together with
 * its database (one compose file, a reboot) meets it still starting. Each failed attempt is a log
 * line; past `waitSeconds` the start is refused with one line naming DATABASE_URL's host
 * (docs/operations/scaling.md).
 */
export const waitForPostgres = async (db: Db, url: string, waitSeconds: number, logger: Logger): Promise<void> => {
  const host = hostOf(url);
  const started = performance.now();
  for (let attempt = 0; ; attempt++) {
    try {
      await sql`select 1`.execute(db);
      if (attempt > 0) logger.info({ host }, `PostgreSQL at ${host} answers; starting`);
      return;
    } catch (error) {
      if (!(error instanceof DatabaseUnavailable)) throw error;
    }
    const left = waitSeconds * 1000 - (performance.now() - started);
    if (left <= 0) {
      throw new ConfigError(
        'DATABASE_URL',
        `names PostgreSQL at ${host}, which did not answer within ${waitSeconds} s (DATABASE_START_WAIT_SECONDS): start it, or correct the host and port`,
      );
    }
    const delay = Math.min(retryDelaysMs[attempt] ?? STEADY_DELAY_MS, left);
    logger.warn({ host, attempt: attempt + 1 }, `PostgreSQL at ${host} cannot be reached yet; retrying in ${Math.ceil(delay / 1000)} s`);
    await sleep(delay);
  }
};
