import { AppError } from '../domain/app-error.js';

/**
 * A full disk as the operating system (ENOSPC; EDQUOT past a quota) and SQLite (SQLITE_FULL) report
 * it. Errors that wrap another one (a group commit batch SQLite rolled back) count by their cause.
 */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

export const isStorageFull = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && FULL_CODES.has(code)) return true;
  return error.cause !== undefined && error.cause !== error && isStorageFull(error.cause);
};

/**
 * The contract's answer when a write finds DATA_DIR's disk full (docs/operations/scaling.md): 507,
 * nothing written. Not 503 with Retry-After: no wait makes room, an operator does, and reads go on.
 */
export class StorageFull extends AppError {
  constructor() {
    super('STORAGE_FULL', 'The service has no disk space left to store this; nothing was saved. Retry once space is freed.');
  }
}

/** Rethrows a full disk as StorageFull, and anything else as it is. */
export const translateStorageFull = (error: unknown): never => {
  if (isStorageFull(error)) throw new StorageFull();
  throw error;
};
