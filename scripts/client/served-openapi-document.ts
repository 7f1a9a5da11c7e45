import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { AccessTokenCache } from '../../src/app/auth/access-token-cache.js';
import type { AppContext } from '../../src/app/context.js';
import { loadConfig } from '../../src/config.js';
import { systemClock } from '../../src/domain/clock.js';
import { buildServer } from '../../src/http/server.js';
import { createBlobStore } from '../../src/infra/blobs/blob-store.js';
import { openMigratedDatabase } from '../../src/infra/db/migrated-database.js';
import { loadServiceKeys } from '../../src/infra/keys.js';
import { createMailer } from '../../src/infra/mail/mailer.js';
import { createPdfPool } from '../../src/infra/pdf/pdf-pool.js';

/**
 * The OpenAPI document exactly as the service serves it at /openapi.json: the app is built in-process on a
 * throw-away SQLite database and asked through inject, never listening. The environment is fixed (not the
 * caller's), so the document, and the client generated from it, is the same on every machine.
 */
export const servedOpenApiDocument = async (): Promise<Record<string, unknown>> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'countersign-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PDF_WORKERS: '1' });
    const logger = pino({ level: 'silent' });
    const database = await openMigratedDatabase(config, logger);
    const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: join(dataDir, 'outbox'), logger });
    const ctx: AppContext = {
      config,
      db: database.db,
      clock: systemClock,
      logger,
      blobs: await createBlobStore(config, database.db),
      mailer,
      keys: await loadServiceKeys(config),
      pdf: createPdfPool({ threads: 1 }),
      jobs: { poke: () => undefined },
      accessTokens: new AccessTokenCache(systemClock),
    };
    const server = await buildServer(ctx);
    try {
      const response = await server.app.inject({ method: 'GET', url: '/openapi.json' });
      if (response.statusCode !== 200) throw new Error(`GET /openapi.json answered ${response.statusCode}`);
      return response.json();
    } finally {
      await server.close();
      await ctx.pdf.close();
      mailer.close();
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};
