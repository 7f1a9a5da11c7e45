import { readAccount } from '../../infra/db/tables/accounts-table.js';
import { listUsersOfAccount, type User } from '../../infra/db/tables/users-table.js';
import type { AppContext } from '../context.js';
import { MAX_USERS_PER_ACCOUNT } from './invite-user.js';

/** A user as the account's admins see them, the owner marked. */
export interface ListedUser extends User {
  isOwner: boolean;
}

/** `GET /account/users`: every user of the account (at most MAX_USERS_PER_ACCOUNT), the owner first, then oldest first. */
export const listUsers = async (ctx: AppContext, accountId: string): Promise<ListedUser[]> => {
  const [account, users] = await Promise.all([
    readAccount(ctx.db, accountId),
    listUsersOfAccount(ctx.db, accountId, MAX_USERS_PER_ACCOUNT),
  ]);
  return users
    .map((user) => ({ ...user, isOwner: user.id === account?.ownerUserId }))
    .sort((a, b) => Number(b.isOwner) - Number(a.isOwner));
};
