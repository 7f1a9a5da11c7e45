import { AppError } from '../../domain/app-error.js';
import type { UserRole } from '../../domain/user-role.js';
import { updateConsoleAccessTokenRoles } from '../../infra/db/tables/console-access-tokens-table.js';
import { updateUserRole } from '../../infra/db/tables/users-table.js';
import type { AppContext } from '../context.js';
import type { ListedUser } from './list-users.js';
import { readAccountUser } from './account-user.js';

/**
 * `PUT /account/users/{userId}`: a user's new role, which their console access tokens take at once
 * (not at their next exchange). The owner stays an admin: OWNER_ROLE_FIXED.
 */
export const changeUserRole = async (
  ctx: AppContext,
  input: { accountId: string; userId: string; role: UserRole },
): Promise<ListedUser> => {
  const user = await ctx.db.transaction().execute(async (trx): Promise<ListedUser> => {
    const { user, account } = await readAccountUser(trx, input.accountId, input.userId);
    if (account.ownerUserId === user.id) {
      if (input.role === user.role) return { ...user, isOwner: true };
      throw new AppError('OWNER_ROLE_FIXED', "The account owner is always an admin; the owner's role cannot change.", { field: 'role' });
    }
    await updateUserRole(trx, user.id, input.role);
    await updateConsoleAccessTokenRoles(trx, user.id, input.role);
    return { ...user, role: input.role, isOwner: false };
  });
  // Evicted after the commit, so no lookup caches a token with the old role again; a console token's caller names its user.
  ctx.accessTokens.forgetClient(user.id);
  return user;
};
