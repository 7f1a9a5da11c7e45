import { join } from 'node:path';
import type { Logger } from 'pino';
import { AccessTokenCache } from './app/auth/access-token-cache.js';
import type { AppContext } from './app/context.js';
import type { Config } from './config.js';
import type { Clock } from './domain/clock.js';
import { createBlobStore } from './infra/blobs/blob-store.js';
import { openMigratedDatabase } from './infra/db/migrated-database.js';
import { loadServiceKeys } from './infra/keys.js';
import { createMailer } from './infra/mail/mailer.js';
import { createPdfPool } from './infra/pdf/pdf-pool.js';
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
 */
export const openAppContext = async (
  config: Config,
  { clock, logger, pdfThreads = config.pdfWorkers }: { clock: Clock; logger: Logger; pdfThreads?: number },
): Promise<OpenedAppContext> => {
  const database = await openMigratedDatabase(config, logger);
  try {
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), logger });
    const [blobs, keys, webhookSecrets, ssoSecrets] = await Promise.all([
      createBlobStore(config, database.db, clock),
      loadServiceKeys(config, { db: database.db, clock, logger }),
      loadWebhookSecretBox(config),
      loadSecretBox(config, 'sso client secret'),
    ]).catch((error: unknown) => {
      mailer.close();
      throw error;
    });
    const pdf = createPdfPool({ threads: pdfThreads });
    const ctx: AppContext = {
      config,
      db: database.db,
      clock,
      logger,
      blobs,
      mailer,
      sms: createSmsSender(config.sms, join(config.dataDir, 'outbox'), logger),
      keys,
      webhookSecrets,
      ssoSecrets,
      pdf,
      jobs: { poke: () => undefined },
      accessTokens: new AccessTokenCache(clock),
    };
    return {
      ctx,
      close: async () => {
        await pdf.close();
        mailer.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
};
