import type { Db } from '../../infra/db/database.js';
import { readUser } from '../../infra/db/tables/users-table.js';

/** Who changed the settings, for the security log: the console's user, or nobody named for an API client. */
export const ssoActor = async (db: Db, userId: string | null): Promise<{ userId?: string; userEmail?: string }> => {
  const user = userId ? await readUser(db, userId) : undefined;
  return user ? { userId: user.id, userEmail: user.email } : {};
};
