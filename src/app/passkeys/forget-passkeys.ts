import type { Db } from '../../infra/db/database.js';
import { deletePasskeyChallengesOfUser } from '../../infra/db/tables/passkey-challenges-table.js';
import { deletePasskeysOfUser } from '../../infra/db/tables/passkeys-table.js';

/** A removed user's passkeys and pending registrations, within the removal's transaction. */
export const forgetPasskeysOfUser = async (db: Db, userId: string): Promise<void> => {
  await deletePasskeyChallengesOfUser(db, userId);
  await deletePasskeysOfUser(db, userId);
};
