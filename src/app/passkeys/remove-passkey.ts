import { AppError } from '../../domain/app-error.js';
import { deletePasskeyOfUser } from '../../infra/db/tables/passkeys-table.js';
import type { AppContext, Caller } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { recordSecurityEvent } from '../security-log/record-security-event.js';
import { passkeyHolderOf } from './passkey-holder.js';

/**
 * `DELETE /console/passkeys/{id}`: the person's own passkey stops signing in at once. Another
 * person's passkey, even in the same account, is not found, exactly like an unknown one: admins
 * offboard people by removing the user, which removes their passkeys.
 */
export const removePasskey = async (ctx: AppContext, caller: Caller, origin: RequestOrigin, passkeyId: string): Promise<void> => {
  await ctx.db.transaction().execute(async (trx) => {
    const user = await passkeyHolderOf(trx, caller);
    const removed = await deletePasskeyOfUser(trx, user.id, passkeyId);
    if (!removed) throw new AppError('PASSKEY_NOT_FOUND', `You have no passkey ${passkeyId}.`);
    await recordSecurityEvent(ctx, trx, origin, {
      accountId: user.accountId,
      type: 'passkey_removed',
      userId: user.id,
      userEmail: user.email,
    });
  });
};
