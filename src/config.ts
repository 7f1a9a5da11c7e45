import { createPrivateKey } from 'node:crypto';
import { accessSync, constants as fsConstants, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

export type PlanName = 'free' | 'starter' | 'business' | 'enterprise';
export const PLAN_NAMES: readonly PlanName[] = ['free', 'starter', 'business', 'enterprise'];

/** Monthly envelope quota per plan; `null` is unlimited. */
export type PlanQuotas = Record<PlanName, number | null>;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** Whether PUBLIC_URL was set: when not, the CLI links to the URL the service last started with. */
  publicUrlConfigured: boolean;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /** DATABASE_START_WAIT_SECONDS: how long a start waits for PostgreSQL to answer before it gives up (docs/operations/scaling.md). */
  databaseStartWaitSeconds: number;
  documentStore: { kind: 'fs' } | { kind: 'db' } | S3DocumentStore;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMS_URL (+ SMS_TOKEN, TWILIO_API_URL): where one-time codes go (docs/concepts/recipients.md). */
  sms: SmsTransport;
  signingCert: { p12Path: string; password: string } | undefined;
  /** The ledger's Ed25519 private key (PEM) from LEDGER_KEY; unset = generated once in DATA_DIR/keys. */
  ledgerKeyPem: string | undefined;
  tsaUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  rateLimitPerMinute: number;
  /** Worker threads that parse, search, stamp, seal and verify PDFs (docs/operations/scaling.md, "PDF workers"). */
  pdfWorkers: number;
  /** Seconds a PDF worker waits for a task before it stops (PDF_WORKER_IDLE_SECONDS); the next task starts one again. */
  pdfWorkerIdleSeconds: number;
  /** Per client address: routes without an access token, and failed authentication of any kind (docs/api/limits.md). */
  rateLimitUnauthenticatedPerMinute: number;
  /** Which proxies' X-Forwarded-For to believe for the client address: none, a hop count, or their addresses. */
  trustProxy: false | number | string[];
  planQuotas: PlanQuotas;
  redisUrl: string | undefined;
  /** METRICS_TOKEN: when set, GET /metrics asks for it as a bearer token (docs/operations/metrics.md). */
  metricsToken: string | undefined;
  webhookAllowPrivate: boolean;
  /** SSO_ALLOW_PRIVATE: an identity provider's issuer may be http and on loopback or private addresses (tests, on-premises). */
  ssoAllowPrivate: boolean;
  /** WEBHOOK_SECRETS_KEY: the AES-256 key (32 bytes) that encrypts webhook secrets; unset = generated once in DATA_DIR/keys. */
  webhookSecretsKey: Buffer | undefined;
  /**
   * SECRETS_KEY (32 bytes): the keys that encrypt secrets stored in the database are derived from it
   * (the ledger key and sealing identity shared on PostgreSQL, whose copies are then stored unencrypted
   * while it is unset; identity providers' client secrets, then sealed under a key generated in DATA_DIR/keys).
   */
  secretsKey: Buffer | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Documents in other formats (docs/api/conversion.md): CONVERTER, CONVERSION_TIMEOUT_SECONDS, CONVERSION_MEMORY_MB. */
  conversion: { converter: ConverterSetting; timeoutSeconds: number; memoryMb: number };
  /** How a bulk send's rows run (docs/api/bulk-sending.md): `batchRows` per job (BULK_SEND_BATCH_ROWS), `pauseMs` between two (BULK_SEND_PAUSE_MS). */
  bulkSend: { batchRows: number; pauseMs: number };
}

/** How SMS leave: Twilio's Messages API, a plain HTTPS hook, or files in DATA_DIR/outbox. */
export type SmsTransport =
  | { kind: 'twilio'; accountSid: string; authToken: string; from: string; apiUrl: string }
  | { kind: 'hook'; url: string; token: string | undefined }
  | { kind: 'outbox' };

/** CONVERTER: LibreOffice's soffice (named, or found on the PATH), `off`, or nowhere to be found. */
export type ConverterSetting = { kind: 'soffice'; path: string } | { kind: 'off' } | { kind: 'missing' };

/** DOCUMENT_STORE=s3://bucket[/prefix]: objects are keyed `<prefix>/<sha[0..2]>/<sha>`. */
export interface S3DocumentStore {
  kind: 's3';
  bucket: string;
  /** Without leading or trailing slashes; '' for the bucket's root. */
  prefix: string;
  /** An S3-compatible server (addressed path-style); unset = AWS. */
  endpoint: string | undefined;
  region: string;
  /** Unset = the AWS SDK's default chain (instance or task role, AWS_PROFILE, web identity). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

/** A configuration problem: the message is the one line printed before the process stops. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const DEFAULT_PLAN_QUOTAS = 'free=25,starter=500,business=5000,enterprise=unlimited';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const read = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
};

const integer = (env: Env, name: string, fallback: number, min: number, max: number): number => {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
};

const url = (env: Env, name: string, protocols: string[]): string | undefined => {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `is not a valid URL (got "${raw}")`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')} (got "${parsed.protocol}//…")`);
  }
  return raw;
};

const boolean = (env: Env, name: string, fallback: boolean): boolean => {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false (got "${raw}")`);
};

const parseQuotaList = (raw: string, variable: string): Partial<PlanQuotas> => {
  const quotas: Partial<PlanQuotas> = {};
  for (const part of raw.split(',')) {
    const [plan, limit] = part.split('=').map((s) => s.trim());
    if (!plan || !PLAN_NAMES.includes(plan as PlanName)) {
      throw new ConfigError(variable, `names an unknown plan "${plan ?? ''}" (plans: ${PLAN_NAMES.join(', ')})`);
    }
    if (limit === 'unlimited') quotas[plan as PlanName] = null;
    else if (limit && /^\d+$/.test(limit)) quotas[plan as PlanName] = Number(limit);
    else throw new ConfigError(variable, `needs plan=number or plan=unlimited (got "${part}")`);
  }
  return quotas;
};

/**
 * TRUST_PROXY: unset or `false` (the socket's address is the client's), a number of proxy hops, or a
 * comma-separated list of proxy addresses / CIDR ranges. Never "trust everything": a client could
 * then pick its own address and escape the per-address limits.
 */
const trustProxy = (env: Env): Config['trustProxy'] => {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || raw.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 0, 100);
  const addresses = raw.split(',').map((part) => part.trim());
  for (const address of addresses) {
    const [ip, prefix, ...rest] = address.split('/');
    const bits = isIP(ip ?? '') === 6 ? 128 : 32;
    const validPrefix = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits);
    if (!isIP(ip ?? '') || !validPrefix || rest.length > 0) {
      throw new ConfigError('TRUST_PROXY', `must be false, a number of hops, or proxy addresses/CIDR ranges (got "${address}")`);
    }
  }
  return addresses;
};

const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_REGION = /^[a-z0-9-]+$/;

const s3Credentials = (env: Env): S3DocumentStore['credentials'] => {
  const accessKeyId = read(env, 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = read(env, 'AWS_SECRET_ACCESS_KEY');
  if (!accessKeyId && !secretAccessKey) return undefined;
  if (!accessKeyId) throw new ConfigError('AWS_ACCESS_KEY_ID', 'must be set along with AWS_SECRET_ACCESS_KEY');
  if (!secretAccessKey) throw new ConfigError('AWS_SECRET_ACCESS_KEY', 'must be set along with AWS_ACCESS_KEY_ID');
  const sessionToken = read(env, 'AWS_SESSION_TOKEN');
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
};

/**
 * DOCUMENT_STORE: `fs`, `db` or `s3://bucket[/prefix]` with S3_ENDPOINT, S3_REGION and the AWS_*
 * credentials. S3_ENDPOINT or S3_REGION without an s3:// store is refused: bytes would silently stay
 * on the local disk of each process.
 */
const documentStoreOf = (env: Env): Config['documentStore'] => {
  const store = read(env, 'DOCUMENT_STORE') ?? 'fs';
  const s3 = /^s3:\/\/([^/]*)(?:\/(.*))?$/.exec(store);
  if (!s3) {
    if (store !== 'fs' && store !== 'db')
      throw new ConfigError('DOCUMENT_STORE', `must be fs, db or s3://bucket[/prefix] (got "${store}")`);
    for (const name of ['S3_ENDPOINT', 'S3_REGION']) {
      if (read(env, name)) throw new ConfigError(name, `is set, but DOCUMENT_STORE is ${store}, not s3://…`);
    }
    return { kind: store };
  }
  const [, bucket = '', prefix = ''] = s3;
  if (!S3_BUCKET.test(bucket)) {
    throw new ConfigError(
      'DOCUMENT_STORE',
      `needs an S3 bucket name of 3 to 63 lowercase letters, digits, dots and hyphens (got "${store}")`,
    );
  }
  const region = read(env, 'S3_REGION') ?? 'us-east-1';
  if (!S3_REGION.test(region)) throw new ConfigError('S3_REGION', `must be a region name such as eu-west-1 (got "${region}")`);
  return {
    kind: 's3',
    bucket,
    prefix: prefix.replace(/^\/+|\/+$/g, ''),
    endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:'])?.replace(/\/+$/, ''),
    region,
    credentials: s3Credentials(env),
  };
};

/** LEDGER_KEY: a PEM Ed25519 private key; `\n` escapes stand for line breaks, for environments that hold one line. */
const ledgerKeyPem = (env: Env): string | undefined => {
  const raw = read(env, 'LEDGER_KEY');
  if (raw === undefined) return undefined;
  const pem = raw.replace(/\\n/g, '\n');
  let type: string | undefined;
  try {
    type = createPrivateKey(pem).asymmetricKeyType;
  } catch {
    throw new ConfigError('LEDGER_KEY', 'is not a PEM private key');
  }
  if (type !== 'ed25519') throw new ConfigError('LEDGER_KEY', `must be an Ed25519 private key (got ${type ?? 'an unknown type'})`);
  return pem;
};

/** WEBHOOK_SECRETS_KEY, SECRETS_KEY: 32 random bytes in base64 (`openssl rand -base64 32`). */
const base64Key = (env: Env, name: string): Buffer | undefined => {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  const key = /^[A-Za-z0-9+/]+={0,2}$/.test(raw) ? Buffer.from(raw, 'base64') : undefined;
  if (key?.byteLength !== 32) throw new ConfigError(name, 'must be 32 bytes in base64 (openssl rand -base64 32)');
  return key;
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An https:// URL, or http:// to this machine only (a local relay, or a test's stand-in): codes
 * must never cross a network in clear text.
 */
const secureUrl = (env: Env, name: string): string | undefined => {
  const raw = url(env, name, ['http:', 'https:']);
  if (raw === undefined) return undefined;
  const parsed = new URL(raw);
  if (parsed.protocol === 'http:' && !LOOPBACK_HOSTS.has(parsed.hostname)) {
    throw new ConfigError(name, `must be https:// (http:// only to localhost or 127.0.0.1) (got "http://${parsed.host}…")`);
  }
  return raw;
};

const TWILIO_URL = /^twilio:\/\/([^:@/]+):([^@/]+)@([^/?#]+)\/?$/;

/**
 * SMS_URL: `twilio://<account_sid>:<auth_token>@<from_number>` (TWILIO_API_URL overrides Twilio's
 * base URL), an `https://…` hook (with SMS_TOKEN as its bearer token when set), or unset: the outbox.
 */
const smsTransport = (env: Env): SmsTransport => {
  const raw = read(env, 'SMS_URL');
  const token = read(env, 'SMS_TOKEN');
  const twilioApiUrl = secureUrl(env, 'TWILIO_API_URL');
  if (raw === undefined) return { kind: 'outbox' };
  if (raw.startsWith('twilio:')) {
    const match = TWILIO_URL.exec(raw);
    if (!match)
      throw new ConfigError('SMS_URL', 'must be twilio://<account_sid>:<auth_token>@<from_number> (got a malformed twilio:// URL)');
    let parts: string[];
    try {
      parts = match.map((part) => decodeURIComponent(part));
    } catch {
      throw new ConfigError('SMS_URL', 'has a malformed %-escape in its twilio:// URL');
    }
    const [, accountSid = '', authToken = '', from = ''] = parts;
    return { kind: 'twilio', accountSid, authToken, from, apiUrl: (twilioApiUrl ?? 'https://api.twilio.com').replace(/\/+$/, '') };
  }
  if (!/^https?:/.test(raw)) throw new ConfigError('SMS_URL', 'must be twilio://… or https://…');
  return { kind: 'hook', url: secureUrl(env, 'SMS_URL')!, token };
};

const isExecutableFile = (path: string): boolean => {
  try {
    accessSync(path, fsConstants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/**
 * CONVERTER: `off`, or the path of LibreOffice's `soffice`; unset, `soffice` is looked for on the PATH
 * of the service's environment, and documents in office formats answer 415 CONVERSION_UNAVAILABLE
 * when it is not there. A path where nothing can be run stops the start instead.
 */
const converterOf = (env: Env): ConverterSetting => {
  const raw = read(env, 'CONVERTER');
  if (raw?.toLowerCase() === 'off') return { kind: 'off' };
  if (raw !== undefined) {
    const path = resolve(raw);
    if (!isExecutableFile(path)) {
      throw new ConfigError('CONVERTER', `must be off or the path of LibreOffice's soffice (nothing to run at "${raw}")`);
    }
    return { kind: 'soffice', path };
  }
  const directories = (env.PATH ?? process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const found = directories.map((directory) => join(directory, 'soffice')).find(isExecutableFile);
  return found ? { kind: 'soffice', path: found } : { kind: 'missing' };
};

/** Plans the value leaves out keep their default quota. */
export const parsePlanQuotas = (raw: string, variable = 'PLAN_QUOTAS'): PlanQuotas => ({
  ...(parseQuotaList(DEFAULT_PLAN_QUOTAS, variable) as PlanQuotas),
  ...parseQuotaList(raw, variable),
});

/** Reads and validates every environment variable of docs/operations/configuration.md. Throws ConfigError naming the first bad one. */
export const loadConfig = (env: Env = process.env): Config => {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = read(env, 'HOST') ?? '0.0.0.0';
  const configuredPublicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']);
  const publicUrl = (configuredPublicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = resolve(read(env, 'DATA_DIR') ?? './data');

  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:', 'sqlite:', 'file:']);
  const database: Config['database'] =
    databaseUrl && /^postgres(ql)?:/.test(databaseUrl)
      ? { kind: 'postgres', url: databaseUrl }
      : {
          kind: 'sqlite',
          file: databaseUrl ? resolve(databaseUrl.replace(/^(sqlite|file):(\/\/)?/, '')) : resolve(dataDir, 'countersign.db'),
        };

  const documentStore = documentStoreOf(env);
  const p12Path = read(env, 'SIGNING_CERT_P12');
  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);

  return {
    port,
    host,
    publicUrl,
    publicUrlConfigured: configuredPublicUrl !== undefined,
    dataDir,
    database,
    databaseStartWaitSeconds: integer(env, 'DATABASE_START_WAIT_SECONDS', 60, 0, 3600),
    documentStore,
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: read(env, 'MAIL_FROM') ?? 'Countersign <no-reply@localhost>',
    sms: smsTransport(env),
    signingCert: p12Path ? { p12Path: resolve(p12Path), password: env.SIGNING_CERT_PASSWORD ?? '' } : undefined,
    ledgerKeyPem: ledgerKeyPem(env),
    tsaUrl: url(env, 'TSA_URL', ['http:', 'https:']),
    logLevel,
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    pdfWorkers: integer(env, 'PDF_WORKERS', availableParallelism(), 1, 256),
    pdfWorkerIdleSeconds: integer(env, 'PDF_WORKER_IDLE_SECONDS', 20, 1, 86_400),
    rateLimitUnauthenticatedPerMinute: integer(env, 'RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE', 120, 1, 1_000_000),
    trustProxy: trustProxy(env),
    planQuotas: parsePlanQuotas(read(env, 'PLAN_QUOTAS') ?? DEFAULT_PLAN_QUOTAS),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    metricsToken: read(env, 'METRICS_TOKEN'),
    webhookAllowPrivate: boolean(env, 'WEBHOOK_ALLOW_PRIVATE', false),
    ssoAllowPrivate: boolean(env, 'SSO_ALLOW_PRIVATE', false),
    webhookSecretsKey: base64Key(env, 'WEBHOOK_SECRETS_KEY'),
    secretsKey: base64Key(env, 'SECRETS_KEY'),
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlSeconds: 30 * 86_400,
    conversion: {
      converter: converterOf(env),
      timeoutSeconds: integer(env, 'CONVERSION_TIMEOUT_SECONDS', 60, 1, 3600),
      memoryMb: integer(env, 'CONVERSION_MEMORY_MB', 512, 64, 65_536),
    },
    bulkSend: {
      batchRows: integer(env, 'BULK_SEND_BATCH_ROWS', 20, 1, 500),
      pauseMs: integer(env, 'BULK_SEND_PAUSE_MS', 0, 0, 3_600_000),
    },
  };
};
