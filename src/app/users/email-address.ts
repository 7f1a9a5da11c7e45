import { AppError } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import { readUsersByEmail } from '../../infra/db/tables/users-table.js';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** A user's address as stored and looked up: trimmed and lower-cased, so that one person is one user. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The normalised address, or INVALID_EMAIL. */
export const validEmail = (email: string): string => {
  const normalized = normalizeEmail(email);
  if (!EMAIL.test(normalized) || normalized.length > 254) throw new AppError('INVALID_EMAIL', `"${email}" is not an e-mail address.`);
  return normalized;
};

/**
 * A sign-in link names a person by address alone, so an address belongs to at most one user across
 * every account (docs/api/people.md): EMAIL_IN_USE otherwise. Said to the operator
 * (the CLI), who sees every account anyway.
 */
export const assertEmailFree = async (db: Db, email: string): Promise<void> => {
  if ((await readUsersByEmail(db, email)).length > 0) {
    throw new AppError('EMAIL_IN_USE', `${email} is already a user's address; one address signs in as one user, in one account.`);
  }
};
