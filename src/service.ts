import type { Logger } from 'pino';
import type { AppContext } from './app/context.js';
import type { Config } from './config.js';
import { systemClock, type Clock } from './domain/clock.js';
import { jobHandlers } from './app/jobs/handlers.js';
import { scheduleMaintenance } from './app/jobs/maintenance.js';
import { checkBlobStore } from './infra/blobs/blob-store.js';
import { openAppContext } from './app-context.js';
import { startJobWorker, type JobWorker } from './infra/jobs/job-worker.js';
import { createLogger } from './infra/logger.js';
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
  const clock = options.clock ?? systemClock;
  const opened = await openAppContext(config, { clock, logger });
  const { ctx } = opened;
  const worker = startJobWorker(ctx, jobHandlers);
  ctx.jobs.poke = worker.poke;
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
      await opened.close();
    },
  };
};
