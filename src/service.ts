import { join } from 'node:path';
import type { Logger } from 'pino';
import type { AppContext } from './app/context.js';
import type { Config } from './config.js';
import { systemClock, type Clock } from './domain/clock.js';
import { jobHandlers } from './app/jobs/handlers.js';
import { scheduleMaintenance } from './app/jobs/maintenance.js';
import { createBlobStore } from './infra/blobs/blob-store.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './infra/db/database.js';
import { startJobWorker, type JobWorker } from './infra/jobs/job-worker.js';
import { createMailer } from './infra/mail/mailer.js';
import { loadServiceKeys } from './infra/keys.js';
import { createLogger } from './infra/logger.js';
import { createPdfPool } from './infra/pdf/pdf-pool.js';
import { buildServer, type BuiltServer } from './http/server.js';

export interface RunningService {
  url: string;
  ctx: AppContext;
  server: BuiltServer;
  worker: JobWorker;
  close(): Promise<void>;
}

/** Opens the database and applies pending migrations: the part `serve` and `migrate` share. */
export const openMigratedDatabase = async (config: Config, logger: Logger): Promise<DatabaseHandle> => {
  const handle = openDatabase(config.database, logger);
  const applied = await migrateToLatest(handle);
  if (applied.length) logger.info({ migrations: applied }, 'Applied database migrations');
  return handle;
};

/** config → database → HTTP server. */
export const startService = async (config: Config, options: { clock?: Clock; logger?: Logger } = {}): Promise<RunningService> => {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = await openMigratedDatabase(config, logger);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), logger });
  const jobs = { poke: () => undefined as void };
  const clock = options.clock ?? systemClock;
  const ctx: AppContext = {
    config,
    db: database.db,
    clock,
    logger,
    blobs: createBlobStore(config, database.db, clock),
    mailer,
    keys: await loadServiceKeys(config),
    pdf: createPdfPool({ threads: config.pdfWorkers }),
    jobs,
  };
  const worker = startJobWorker(ctx, jobHandlers);
  jobs.poke = worker.poke;
  await scheduleMaintenance(ctx);
  const server = await buildServer(ctx);
  const address = await server.app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;

  return {
    url,
    ctx,
    server,
    worker,
    close: async () => {
      await server.close();
      await worker.stop();
      await ctx.pdf.close();
      mailer.close();
      await database.close();
    },
  };
};
