import { AppError } from '../../domain/app-error.js';
import { readUsersByEmail } from '../../infra/db/tables/users-table.js';
import type { AppContext } from '../context.js';
import { validEmail } from './email-address.js';
import { issueLoginLink } from './login-links.js';

/**
 * `countersign user login-link`: a sign-in link for the operator to hand over, outside the
 * per-address limit (the operator can reach the database anyway). Unlike the public request it says
 * when the address is nobody's: the operator sees every account.
 */
export const operatorLoginLink = async (
  ctx: AppContext,
  email: string,
): Promise<{ userId: string; accountId: string; url: string; expiresAt: string }> => {
  const address = validEmail(email);
  return ctx.db.transaction().execute(async (trx) => {
    const users = await readUsersByEmail(trx, address);
    const user = users[0];
    if (!user) throw new AppError('USER_NOT_FOUND', `No user has the address ${address}.`);
    if (users.length > 1) {
      throw new AppError(
        'EMAIL_IN_USE',
        `${address} belongs to users of several accounts: give all but one of them another address first.`,
      );
    }
    return { userId: user.id, accountId: user.accountId, ...(await issueLoginLink(ctx, trx, user.id)) };
  });
};
