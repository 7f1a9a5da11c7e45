import { AppError } from '../../domain/app-error.js';

/** What a client is told to wait before retrying: an outage outlasts a connection attempt, and a retry at once would meet it again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a server that is down, unreachable or gone mid-conversation (Node's codes). */
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or turning connections away, rather than of a statement:
 * class 08 (connection exception), 57P01–57P03 (terminated by an administrator, crash shutdown, not
 * accepting connections yet) and 53300 (too many connections).
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const isUnreachableState = (code: string): boolean => code.startsWith('08') || SERVER_STATES.has(code);

/** What pg and pg-pool say, with no code, when a connection ends, breaks or cannot be had in time. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

/**
 * True when an error says the database cannot be reached (now), not that a statement is wrong: a
 * retry later may succeed. pg-pool wraps a timed-out connection attempt, so the cause counts too.
 */
export const isDatabaseUnreachable = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || isUnreachableState(code))) return true;
  if (DRIVER_MESSAGES.some((message) => message.test(error.message))) return true;
  return error.cause !== undefined && error.cause !== error && isDatabaseUnreachable(error.cause);
};

/**
 * A connection-level failure as it may be logged: its code and message only. pg-pool hangs the
 * failed client on the error (`err.client`), connection settings and password included.
 */
export const databaseFailureReason = (error: unknown): { code?: string; message: string } => {
  const code = (error as { code?: unknown } | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' ? { code, message } : { message };
};

/** The contract's answer while the database cannot be reached (docs/operations/scaling.md): 503 with Retry-After, saying nothing of where it lives. */
export class DatabaseUnavailable extends AppError {
  constructor() {
    super('SERVICE_UNAVAILABLE', 'The service cannot reach its database at the moment; retry after the time in Retry-After.', {
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    });
  }
}
