import { AppError } from '../../domain/app-error.js';
import type { AppContext } from '../context.js';

/** Revokes an API client: its credentials and every token issued through it stop working at once. */
export const revokeClient = async (ctx: AppContext, clientId: string): Promise<{ client_id: string; revoked_at: string }> => {
  const now = ctx.clock.now().toISOString();
  const result = await ctx.db
    .updateTable('api_clients')
    .set({ revoked_at: now })
    .where('id', '=', clientId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    throw new AppError('CLIENT_NOT_FOUND', `No active API client ${clientId}.`);
  }
  return { client_id: clientId, revoked_at: now };
};
