import { join } from 'node:path';
import type { Logger } from 'pino';
import { AccessTokenCache } from './app/auth/access-token-cache.js';
import type { AppContext } from './app/context.js';
import { DOCUMENT_LIMITS } from './app/documents/stored-document.js';
import type { Config } from './config.js';
import type { Clock } from './domain/clock.js';
import { createBlobStore } from './infra/blobs/blob-store.js';
import { createDocumentConverter } from './infra/convert/document-converter.js';
import { openMigratedDatabase } from './infra/db/migrated-database.js';
import { loadServiceKeys } from './infra/keys.js';
import { createMailer } from './infra/mail/mailer.js';
import { countedMailer, countedSmsSender } from './infra/metrics/counted-sends.js';
import { createServiceMetrics } from './infra/metrics/service-metrics.js';
import { createPdfPool, type PdfPool } from './infra/pdf/pdf-pool.js';
import { loadSecretBox } from './infra/secrets-key.js';
import { createSmsSender } from './infra/sms/sms-sender.js';
import { loadWebhookSecretBox } from './infra/webhooks/webhook-secrets-key.js';

export interface OpenedAppContext {
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * Everything a use case may reach, opened from the configuration (the database migrated first): what
 * the server, the CLI and the client generator share. `jobs.poke` does nothing until a worker replaces it.
 * A PDF pool given (`pdf`) is the caller's: it is used, not closed; otherwise one of `pdfThreads` is made.
 */
export const openAppContext = async (
  config: Config,
  { clock, logger, pdfThreads = config.pdfWorkers, pdf: givenPdf }: { clock: Clock; logger: Logger; pdfThreads?: number; pdf?: PdfPool },
): Promise<OpenedAppContext> => {
  const database = await openMigratedDatabase(config, logger);
  try {
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), logger });
    const [blobs, keys, webhookSecrets, ssoSecrets] = await Promise.all([
      createBlobStore(config, database.db, clock, logger),
      loadServiceKeys(config, { db: database.db, clock, logger }),
      loadWebhookSecretBox(config),
      loadSecretBox(config, 'sso client secret'),
    ]).catch((error: unknown) => {
      mailer.close();
      throw error;
    });
    const pdf = givenPdf ?? createPdfPool({ threads: pdfThreads, idleTimeoutMs: config.pdfWorkerIdleSeconds * 1000 });
    const converter = createDocumentConverter({ ...config.conversion, maxOutputBytes: DOCUMENT_LIMITS.maxBytes }, pdf);
    const metrics = createServiceMetrics({
      db: database.db,
      clock,
      logger,
      pdfUsage: () => pdf.usage(),
      dbPoolUsage: database.poolUsage,
    });
    const ctx: AppContext = {
      config,
      db: database.db,
      clock,
      logger,
      blobs,
      mailer: countedMailer(mailer, metrics.mailSends),
      sms: countedSmsSender(createSmsSender(config.sms, join(config.dataDir, 'outbox'), logger), metrics.smsSends),
      keys,
      webhookSecrets,
      ssoSecrets,
      pdf,
      converter,
      jobs: { poke: () => undefined },
      accessTokens: new AccessTokenCache(clock),
      metrics,
    };
    return {
      ctx,
      close: async () => {
        converter.close();
        if (!givenPdf) await pdf.close();
        mailer.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
};
