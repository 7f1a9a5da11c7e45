import { endSessionsOfUser } from '../../infra/db/tables/console-sessions-table.js';
import type { Db } from '../../infra/db/database.js';
import type { AppContext } from '../context.js';

/**
 * Ends the user's console sessions (but `keepSessionId`), and with them every access token they
 * exchanged for, inside the caller's transaction. Call `forgetUserTokens` after the commit.
 */
export const endUserSessions = async (ctx: AppContext, trx: Db, userId: string, keepSessionId?: string): Promise<void> => {
  await endSessionsOfUser(trx, userId, ctx.clock.now().toISOString(), keepSessionId);
};

/**
 * Evicts the user's cached tokens after the commit, so no lookup caches one again from before it; a
 * kept session's tokens are simply read again. (A console token's caller names its user as its client.)
 */
export const forgetUserTokens = (ctx: AppContext, userId: string): void => {
  ctx.accessTokens.forgetClient(userId);
};
