import { join } from 'node:path';
import { AccessTokenCache } from '../app/auth/access-token-cache.js';
import type { AppContext } from '../app/context.js';
import { createBlobStore } from '../infra/blobs/blob-store.js';
import { createMailer } from '../infra/mail/mailer.js';
import { loadConfig } from '../config.js';
import { systemClock } from '../domain/clock.js';
import { loadServiceKeys } from '../infra/keys.js';
import { loadWebhookSecretBox } from '../infra/webhooks/webhook-secrets-key.js';
import { createLogger } from '../infra/logger.js';
import { createPdfPool } from '../infra/pdf/pdf-pool.js';
import { openMigratedDatabase } from '../infra/db/migrated-database.js';

/** Runs a CLI action against the configured database (migrated first), then closes it. */
export const withApp = async <T>(action: (ctx: AppContext) => Promise<T>): Promise<T> => {
  const config = loadConfig();
  // Logs go to stderr so that `--json` output on stdout stays pure JSON.
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const database = await openMigratedDatabase(config, logger);
  try {
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), logger });
    const pdf = createPdfPool({ threads: config.pdfWorkers });
    try {
      return await action({
        config,
        db: database.db,
        clock: systemClock,
        logger,
        blobs: await createBlobStore(config, database.db),
        mailer,
        keys: await loadServiceKeys(config),
        webhookSecrets: await loadWebhookSecretBox(config),
        pdf,
        jobs: { poke: () => undefined },
        accessTokens: new AccessTokenCache(systemClock),
      });
    } finally {
      await pdf.close();
      mailer.close();
    }
  } finally {
    await database.close();
  }
};
