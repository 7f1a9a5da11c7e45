import type { Logger } from 'pino';
import type { AppContext } from './app/context.js';
import type { Config } from './config.js';
import { systemClock, type Clock } from './domain/clock.js';
import { jobHandlers } from './app/jobs/handlers.js';
import { scheduleMaintenance } from './app/jobs/maintenance.js';
import { scheduleRetentionPurge } from './app/jobs/retention-purge.js';
import { recordServedPublicUrl } from './app/instance/served-public-url.js';
import { checkBlobStore } from './infra/blobs/blob-store.js';
import { issueSetupToken, withdrawSetupToken } from './app/setup/setup-token.js';
import { openAppContext } from './app-context.js';
import { startJobWorker, type JobWorker } from './infra/jobs/job-worker.js';
import { startIdleMemoryRelease } from './infra/memory/idle-memory-release.js';
import { createLogger } from './infra/logger.js';
import type { PdfPool } from './infra/pdf/pdf-pool.js';
import { buildServer, type BuiltServer } from './http/server.js';

export interface RunningService {
  url: string;
  ctx: AppContext;
  server: BuiltServer;
  worker: JobWorker;
  /** While the installation has no account: `{PUBLIC_URL}/setup/{token}`, this start's way in (the banner prints it). */
  setupUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * config → database → HTTP server. `pdf`: a PDF pool to use instead of starting one (the caller's,
 * not closed with the service): the test servers of one process share their workers.
 */
export const startService = async (
  config: Config,
  options: { clock?: Clock; logger?: Logger; pdf?: PdfPool } = {},
): Promise<RunningService> => {
  const logger = options.logger ?? createLogger(config.logLevel);
  await checkBlobStore(config);
  const clock = options.clock ?? systemClock;
  const opened = await openAppContext(config, { clock, logger, ...(options.pdf ? { pdf: options.pdf } : {}) });
  const { ctx } = opened;
  await recordServedPublicUrl(ctx);
  const worker = startJobWorker(ctx, jobHandlers);
  ctx.jobs.poke = worker.poke;
  await scheduleMaintenance(ctx);
  await scheduleRetentionPurge(ctx);
  const setupToken = await issueSetupToken(ctx);
  const server = await buildServer(ctx);
  const idleMemory = startIdleMemoryRelease();
  // The HTTP server's own event, not a Fastify hook: the one cost every request pays for it is a counter.
  server.app.server.on('request', idleMemory.activity);
  const address = await server.app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;

  return {
    url,
    ctx,
    server,
    worker,
    setupUrl: setupToken && `${config.publicUrl}/setup/${setupToken}`,
    close: async () => {
      idleMemory.stop();
      await server.close();
      // A stop goes on even when the database is already gone: the token then stays valid until setup is done.
      if (setupToken)
        await withdrawSetupToken(ctx, setupToken).catch((error: unknown) => logger.warn({ err: error }, 'setup token not withdrawn'));
      await worker.stop();
      await opened.close();
    },
  };
};
