import type { Db } from '../../infra/db/database.js';

/**
 * Whether the user's account enforces single sign-on for them: then password, passkey and e-mail
 * link sign-ins answer 403 SSO_REQUIRED. Never for the owner, the way back in.
 */
export const ssoRequiredFor = async (_db: Db, _user: { id: string; accountId: string }): Promise<boolean> => false;
