import { AppError } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import { readAccount, type Account } from '../../infra/db/tables/accounts-table.js';
import { readUser, type User } from '../../infra/db/tables/users-table.js';

/** A user of this account with the account, or USER_NOT_FOUND: another account's user is not found, exactly like an unknown one. */
export const readAccountUser = async (db: Db, accountId: string, userId: string): Promise<{ user: User; account: Account }> => {
  const user = await readUser(db, userId);
  const account = user?.accountId === accountId ? await readAccount(db, accountId) : undefined;
  if (!user || !account) throw new AppError('USER_NOT_FOUND', `No user ${userId} in this account.`);
  return { user, account };
};
