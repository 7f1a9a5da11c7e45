import { PASSKEYS } from '../../domain/passkey.js';
import { listPasskeysOfUser, type Passkey } from '../../infra/db/tables/passkeys-table.js';
import type { AppContext, Caller } from '../context.js';
import { passkeyHolderOf } from './passkey-holder.js';

/** `GET /console/passkeys`: the signed-in person's own passkeys, oldest first. */
export const listPasskeys = async (ctx: AppContext, caller: Caller): Promise<Passkey[]> => {
  const user = await passkeyHolderOf(ctx.db, caller);
  return listPasskeysOfUser(ctx.db, user.id, PASSKEYS.maxPerUser);
};
