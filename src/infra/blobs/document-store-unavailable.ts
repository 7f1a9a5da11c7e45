import type { Logger } from 'pino';
import { AppError } from '../../domain/app-error.js';

/** What a client is told to wait: the S3 client already retried for several seconds before giving up. */
export const DOCUMENT_STORE_RETRY_AFTER_SECONDS = 5;

/**
 * The contract's answer while the document store cannot be used (docs/operations/scaling.md): 503 with
 * Retry-After, saying nothing of where it lives. Nothing that needed the bytes was written.
 */
export class DocumentStoreUnavailable extends AppError {
  constructor() {
    super('SERVICE_UNAVAILABLE', 'The service cannot reach its document store at the moment; retry after the time in Retry-After.', {
      retryAfterSeconds: DOCUMENT_STORE_RETRY_AFTER_SECONDS,
    });
  }
}

/** A failure as it may be logged: its name, code or status, and message, never the request it was about (signed headers). */
const failureReason = (error: unknown): { name?: string; status?: number; message: string } => {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
  return {
    ...(error instanceof Error ? { name: (error as { code?: string }).code ?? error.name } : {}),
    ...(status !== undefined ? { status } : {}),
    message: error instanceof Error ? error.message : String(error),
  };
};

/**
 * Logs an outage of the store once per kind of failure, and its end once: a failure met by every
 * request would otherwise fill the log for as long as the outage lasts.
 */
export class DocumentStoreOutageLog {
  readonly #kinds = new Set<string>();

  constructor(
    private readonly logger: Logger | undefined,
    private readonly store: string,
  ) {}

  failed(error: unknown): void {
    const reason = failureReason(error);
    const kind = `${reason.name}|${reason.status}`;
    if (this.#kinds.has(kind)) return;
    this.#kinds.add(kind);
    this.logger?.warn({ reason }, `${this.store} cannot be used; requests that need document bytes answer 503 SERVICE_UNAVAILABLE`);
  }

  answered(): void {
    if (this.#kinds.size === 0) return;
    this.#kinds.clear();
    this.logger?.info(`${this.store} answers again`);
  }
}
