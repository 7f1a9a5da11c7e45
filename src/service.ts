import { join } from 'node:path';
import type { Logger } from 'pino';
import type { AppContext } from './app/context.js';
import type { Config } from './config.js';
import { systemClock, type Clock } from './domain/clock.js';
import { AccessTokenCache } from './app/auth/access-token-cache.js';
import { jobHandlers } from './app/jobs/handlers.js';
import { scheduleMaintenance } from './app/jobs/maintenance.js';
import { checkBlobStore, createBlobStore } from './infra/blobs/blob-store.js';
import { openMigratedDatabase } from './infra/db/migrated-database.js';
import { startJobWorker, type JobWorker } from './infra/jobs/job-worker.js';
import { createMailer } from './infra/mail/mailer.js';
import { loadServiceKeys } from './infra/keys.js';
import { createLogger } from './infra/logger.js';
import { createPdfPool } from './infra/pdf/pdf-pool.js';
import { loadWebhookSecretBox } from './infra/webhooks/webhook-secrets-key.js';
import { buildServer, type BuiltServer } from './http/server.js';

export interface RunningService {
  url: string;
  ctx: AppContext;
  server: BuiltServer;
  worker: JobWorker;
  close(): Promise<void>;
}

/** config → database → HTTP server. */
export const startService = async (config: Config, options: { clock?: Clock; logger?: Logger } = {}): Promise<RunningService> => {
  const logger = options.logger ?? createLogger(config.logLevel);
  await checkBlobStore(config);
  const database = await openMigratedDatabase(config, logger);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), logger });
  const jobs = { poke: () => undefined as void };
  const clock = options.clock ?? systemClock;
  const ctx: AppContext = {
    config,
    db: database.db,
    clock,
    logger,
    blobs: await createBlobStore(config, database.db, clock),
    mailer,
    keys: await loadServiceKeys(config),
    webhookSecrets: await loadWebhookSecretBox(config),
    pdf: createPdfPool({ threads: config.pdfWorkers }),
    jobs,
    accessTokens: new AccessTokenCache(clock),
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
