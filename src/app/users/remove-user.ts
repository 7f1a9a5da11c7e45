import { AppError } from '../../domain/app-error.js';
import { deleteConsoleAccessTokensOfUser } from '../../infra/db/tables/console-access-tokens-table.js';
import { deleteLoginLinksOfUser } from '../../infra/db/tables/console-login-links-table.js';
import { deleteSessionsOfUser } from '../../infra/db/tables/console-sessions-table.js';
import { deleteUser } from '../../infra/db/tables/users-table.js';
import { forgetPasskeysOfUser } from '../passkeys/forget-passkeys.js';
import type { AppContext } from '../context.js';
import { readAccountUser } from './account-user.js';

/**
 * `DELETE /account/users/{userId}`: the user, their unused sign-in links, their passkeys, their console
 * sessions and the access tokens those exchanged for, in one transaction: a removed person is signed out at once
 * and their address is free again. The envelopes they sent stay the account's. The owner cannot be
 * removed: OWNER_NOT_REMOVABLE.
 */
export const removeUser = async (ctx: AppContext, input: { accountId: string; userId: string }): Promise<void> => {
  await ctx.db.transaction().execute(async (trx) => {
    const { user, account } = await readAccountUser(trx, input.accountId, input.userId);
    if (account.ownerUserId === user.id) throw new AppError('OWNER_NOT_REMOVABLE', 'The account owner cannot be removed.');
    await deleteConsoleAccessTokensOfUser(trx, user.id);
    await deleteSessionsOfUser(trx, user.id);
    await deleteLoginLinksOfUser(trx, user.id);
    await forgetPasskeysOfUser(trx, user.id);
    await deleteUser(trx, user.id);
  });
  // Evicted after the commit, so no lookup caches one of the user's tokens again from before it.
  ctx.accessTokens.forgetClient(input.userId);
};
