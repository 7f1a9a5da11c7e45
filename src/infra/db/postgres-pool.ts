import { createRequire } from 'node:module';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import { DatabaseUnavailable, databaseFailureReason, isDatabaseUnreachable } from './database-unreachable.js';
import { isNamedStatement } from './named-statement.js';

/** Required only for PostgreSQL, so a process on SQLite never loads it; it is CommonJS, so `require` keeps this synchronous. */
const loadPg = (): typeof pg => createRequire(import.meta.url)('pg') as typeof pg;

const MAX_CONNECTIONS = 10;
/**
 * The longest a query waits for a connection, queued or connecting. A request answers within 5 s
 * while the database is unreachable (docs/operations/scaling.md), and one that fails waits twice: for its work, then
 * to free its Idempotency-Key.
 */
const CONNECT_TIMEOUT_MS = 1_500;

/** The pool's connections at one moment: what the metrics scrape reads (docs/operations/metrics.md). */
export interface PostgresPoolUsage {
  max: number;
  /** Connections open, idle ones included. */
  open: number;
  idle: number;
  /** Queries waiting for a connection: all are in use, or being opened. */
  waiting: number;
}

/**
 * Logs an outage once per kind of failure (a code, or pg's message when it has none) and its end
 * once: a failure met by every request would otherwise fill the log for the outage's whole length.
 */
class OutageLog {
  readonly #kinds = new Set<string>();

  constructor(private readonly logger: Logger | undefined) {}

  failed(error: unknown): void {
    const reason = databaseFailureReason(error);
    const kind = reason.code ?? reason.message;
    if (this.#kinds.has(kind)) return;
    this.#kinds.add(kind);
    this.logger?.warn({ reason }, 'PostgreSQL cannot be reached; requests that need it answer 503 SERVICE_UNAVAILABLE until it can');
  }

  connected(): void {
    if (this.#kinds.size === 0) return;
    this.#kinds.clear();
    this.logger?.info('PostgreSQL answers again');
  }
}

/**
 * The pg pool as Kysely uses it, made to survive the database going away: every connection's
 * `'error'` event is heard (pg-pool listens to idle ones only, and an unheard `'error'` ends the
 * process), a connection is waited for at most CONNECT_TIMEOUT_MS, and a failure to reach the
 * database leaves as DatabaseUnavailable (503) instead of a driver error. The pool replaces broken
 * connections on later checkouts, so service resumes by itself when the database returns.
 */
export const openPostgresPool = (url: string, logger?: Logger): PostgresPool & { usage(): PostgresPoolUsage } => {
  const pool = new (loadPg().Pool)({ connectionString: url, max: MAX_CONNECTIONS, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  const outage = new OutageLog(logger);
  // An outage breaks the connections it meets, so a new one is what tells it is over; a query still
  // answered on an old connection while the others break is not.
  pool.on('connect', (client) => {
    outage.connected();
    client.on('error', (error) => outage.failed(error));
  });
  pool.on('error', (error) => outage.failed(error));

  const translated = (error: unknown): never => {
    if (!isDatabaseUnreachable(error)) throw error;
    outage.failed(error);
    throw new DatabaseUnavailable();
  };
  // pg prepares a name once per connection and reuses it after; the pool gives every text its own name.
  const statementNames = new Map<string, string>();
  const nameOf = (sql: string): string => {
    let name = statementNames.get(sql);
    if (!name) statementNames.set(sql, (name = `countersign_${statementNames.size + 1}`));
    return name;
  };
  // Kysely keeps one connection object per client it is handed: the same client gets the same wrapper.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // Kysely streams through a cursor only when given one; this service gives none.
    query: ((sql: string, parameters: unknown[]) =>
      (isNamedStatement(sql) ? client.query({ name: nameOf(sql), text: sql, values: parameters }) : client.query(sql, parameters)).catch(
        translated,
      )) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });

  return {
    connect: async () => {
      const client = await pool.connect().catch(translated);
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
    usage: () => ({ max: MAX_CONNECTIONS, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
};
