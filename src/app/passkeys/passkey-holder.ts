import { AppError } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import { readUser, type User } from '../../infra/db/tables/users-table.js';
import type { Caller } from '../context.js';

/**
 * The signed-in person whose passkeys a call manages. Passkeys belong to people: an API client's
 * token (no user) gets 403 ROLE_FORBIDDEN, as it would on any operation that is a person's own.
 */
export const passkeyHolderOf = async (db: Db, caller: Caller): Promise<User> => {
  if (caller.userId === null) {
    throw new AppError('ROLE_FORBIDDEN', "Passkeys belong to a person: call this with a console user's access token, not an API client's.");
  }
  const user = await readUser(db, caller.userId);
  if (!user || user.accountId !== caller.accountId) {
    throw new AppError('INVALID_ACCESS_TOKEN', 'The access token is missing, unknown, revoked or expired.');
  }
  return user;
};
