import type { Db } from '../../infra/db/database.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import { ssoEnforcedFor } from '../../infra/db/tables/sso-configs-table.js';

/**
 * Whether the user's account enforces single sign-on for them: then password, passkey and e-mail
 * link sign-ins answer 403 SSO_REQUIRED. Never for the owner, the way back in.
 */
export const ssoRequiredFor = async (db: Db, user: { id: string; accountId: string }): Promise<boolean> => {
  if (!(await ssoEnforcedFor(db, user.accountId))) return false;
  return (await readAccount(db, user.accountId))?.ownerUserId !== user.id;
};
