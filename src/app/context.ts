import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Clock } from '../domain/clock.js';
import type { UserRole } from '../domain/user-role.js';
import type { BlobStore } from '../infra/blobs/blob-store.js';
import type { DocumentConverter } from '../infra/convert/document-converter.js';
import type { Db } from '../infra/db/database.js';
import type { ServiceKeys } from '../infra/keys.js';
import type { Mailer } from '../infra/mail/mailer.js';
import type { ServiceMetrics } from '../infra/metrics/service-metrics.js';
import type { PdfPool } from '../infra/pdf/pdf-pool.js';
import type { SmsSender } from '../infra/sms/sms-sender.js';
import type { SecretBox } from '../infra/webhooks/secret-box.js';
import type { AccessTokenCache } from './auth/access-token-cache.js';

/** What every use case may reach: passed in, never imported, so tests can swap the clock or the database. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  blobs: BlobStore;
  mailer: Mailer;
  /** One-time codes for recipient authentication (SMS_URL). */
  sms: SmsSender;
  keys: ServiceKeys;
  /** Encrypts secrets at rest (webhook secrets, SMS codes waiting in the job queue); every process of an installation needs the same key (WEBHOOK_SECRETS_KEY). */
  webhookSecrets: SecretBox;
  /** Encrypts identity providers' client secrets at rest: under SECRETS_KEY, which every process of an installation must share, or a key generated in DATA_DIR/keys. */
  ssoSecrets: SecretBox;
  /** Every parse of a PDF runs here, off the event loop, within time and memory limits. */
  pdf: PdfPool;
  /** Documents in other formats become PDFs here (docs/api/conversion.md): LibreOffice in child processes, images in the PDF workers. */
  converter: DocumentConverter;
  /** Wakes the job worker after a transaction that enqueued work (no-op where no worker runs). */
  jobs: { poke(): void };
  /** Access tokens checked recently: authenticated requests skip the token lookup (docs/operations/scaling.md "Access tokens across processes"). */
  accessTokens: AccessTokenCache;
  /** This context's Prometheus metrics, scraped at GET /metrics (docs/operations/metrics.md). */
  metrics: ServiceMetrics;
}

/** The caller of an authenticated request. */
export interface Caller {
  accountId: string;
  /** The API client, or for a console token the signed-in user: whose request budget it spends. */
  clientId: string;
  /**
   * The person acting: a console token's signed-in user, or for the embedded composer the user who
   * generated its URL; null for an API client, which acts as the account (named as its owner).
   */
  userId: string | null;
  tokenHash: string;
  /** API clients act as admins; a console token carries its user's role. */
  role: UserRole;
}
