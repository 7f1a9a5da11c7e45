import { AppError } from '../../domain/app-error.js';
import { revokeApiClient } from '../../infra/db/tables/api-clients-table.js';
import type { AppContext } from '../context.js';

/**
 * Revokes an API client: its credentials and every token issued through it stop working, at once in
 * this process and within the access-token cache's TTL in others (a server seeing the CLI's revocation).
 */
export const revokeClient = async (
  ctx: AppContext,
  clientId: string,
  /** Given by the account API: another account's client is not found, exactly like an unknown one. */
  accountId?: string,
): Promise<{ clientId: string; revokedAt: string }> => {
  const now = ctx.clock.now().toISOString();
  if (!(await revokeApiClient(ctx.db, clientId, now, accountId)))
    throw new AppError('CLIENT_NOT_FOUND', `No active API client ${clientId}.`);
  ctx.accessTokens.forgetClient(clientId);
  return { clientId, revokedAt: now };
};
