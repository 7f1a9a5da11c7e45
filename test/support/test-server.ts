import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import pino from 'pino';
import { createAccount } from '../../src/app/accounts/create-account.js';
import { presentCreatedAccount } from '../../src/cli/presenters.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/infra/logger.js';
import { createPdfPool, type PdfPool } from '../../src/infra/pdf/pdf-pool.js';
import { startService, type RunningService } from '../../src/service.js';
import { createPostgresDatabase, type TestDatabase } from './databases.js';
import { TestClock } from './test-clock.js';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ContractError {
  error_code: string;
  developer_message: string;
  field?: string;
}

/** Asserts the contract's error body (docs/api/conventions.md) with `code` among its errors, and returns that error for its `field`. */
export const assertError = (response: ApiResponse, status: number, code: string): ContractError => {
  assert.equal(response.status, status, JSON.stringify(response.body));
  assert.deepEqual(Object.keys(response.body).sort(), ['errors', 'message'], JSON.stringify(response.body));
  assert.equal(typeof response.body.message, 'string');
  const errors = response.body.errors as ContractError[];
  for (const error of errors) assert.equal(typeof error.developer_message, 'string', JSON.stringify(error));
  const found = errors.find((error) => error.error_code === code);
  assert.ok(found, `expected ${code} in ${JSON.stringify(errors)}`);
  return found;
};

export interface CallOptions {
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
  /** Omit the app_auth_type header (it is sent by default). */
  noAppAuthType?: boolean;
  /** A body sent as is: text, or a Blob for binary content. */
  rawBody?: string | Blob;
}

export interface TestServer {
  url: string;
  database: TestDatabase;
  clock: TestClock;
  service: RunningService;
  dataDir: string;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<ApiResponse<T>>;
  /** An account (owner + API client) created and printed the way the CLI does, logged in. */
  /** What the service logged (as JSON lines) when started with `captureLog`; empty otherwise. */
  loggedText(): string;
  newAccount(plan?: string): Promise<ReturnType<typeof presentCreatedAccount> & { accessToken: string; refreshToken: string }>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Log through the service's own logger (createLogger, at info) into memory, for `loggedText()`. */
  captureLog?: boolean;
  /** The fresh PostgreSQL database's URL as the service gets it (through a proxy a fault test cuts, say). */
  databaseUrl?: (url: string) => string;
}

/**
 * The PDF worker pools of this test process, one per PDF_WORKERS count, shared by its servers: a
 * worker thread loading the PDF code under tsx costs a second or two of CPU, which every server of a
 * file would otherwise pay again. PDF tasks keep no state between calls, so sharing changes no answer.
 */
const sharedPdfPools = new Map<number, PdfPool>();
const sharedPdfPool = (threads: number): PdfPool => {
  let pool = sharedPdfPools.get(threads);
  if (!pool) sharedPdfPools.set(threads, (pool = createPdfPool({ threads })));
  return pool;
};
after(() => Promise.all([...sharedPdfPools.values()].map((pool) => pool.close())));

/** Starts the real service on a random port, on a fresh database of the given kind. */
export const startTestServer = async (
  database: TestDatabase,
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'countersign-test-'));
  const postgres = database === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Every test request comes from 127.0.0.1: suites that test the per-address limit set their own.
    RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '100000',
    ...(postgres ? { DATABASE_URL: options.databaseUrl?.(postgres.url) ?? postgres.url } : {}),
    ...env,
  });
  const clock = new TestClock(new Date());
  const logLines: string[] = [];
  const logger = options.captureLog
    ? createLogger('info', { write: (line: string) => logLines.push(line) })
    : // TEST_LOG_LEVEL=error shows what the server logged (an unhandled error's stack, say) while debugging.
      pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const service = await startService(config, { clock, logger, pdf: sharedPdfPool(config.pdfWorkers) });

  const call = async <T>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...(options.noAppAuthType ? {} : { app_auth_type: 'esign-oauth2' }), ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | Blob | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${service.url}${path}`, { method, headers, body });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, headers: response.headers, body: (type.includes('json') && text ? JSON.parse(text) : text) as T };
  };

  return {
    url: service.url,
    database,
    clock,
    service,
    dataDir,
    call,
    loggedText: () => logLines.join(''),
    newAccount: async (plan = 'starter') => {
      const account = presentCreatedAccount(
        await createAccount(service.ctx, { name: 'Acme Test', email: `owner-${Date.now()}-${Math.random()}@acme.test`, plan }),
      );
      const login = await call<{ data: { access_token: string; refresh_token: string } }>('POST', '/api/v2.0/authorization/token', {
        body: { credentials: account.credentials },
      });
      if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
      return { ...account, accessToken: login.body.data.access_token, refreshToken: login.body.data.refresh_token };
    },
    close: async () => {
      await service.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
