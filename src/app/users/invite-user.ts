import { AppError } from '../../domain/app-error.js';
import { isUserRole, USER_ROLES, type UserRole } from '../../domain/user-role.js';
import { readAccountForUpdate } from '../../infra/db/tables/accounts-table.js';
import { countUsersOfAccount, insertUser, type User } from '../../infra/db/tables/users-table.js';
import { newId } from '../../infra/ids.js';
import type { AppContext } from '../context.js';
import { runJobNow } from '../jobs/run-job-now.js';
import { enqueueJob } from '../outbox.js';
import { assertEmailFree, validEmail } from './email-address.js';

export interface NewUser {
  accountId: string;
  email: string;
  name: string;
  role: string;
}

/** Bounds a person's name as the recipients' names are bounded. */
const MAX_NAME_LENGTH = 200;

/** Users of one account, the owner included: what the account's list of users shows in one page. */
export const MAX_USERS_PER_ACCOUNT = 500;

/**
 * Adds a user to an account (`countersign user invite`) and mails them a sign-in link. The mail goes
 * through the outbox in the same transaction, then is sent here at once: if the SMTP server is down,
 * a running service's worker sends it later.
 */
export const inviteUser = async (ctx: AppContext, input: NewUser): Promise<User> => {
  const name = input.name.trim();
  if (!name || name.length > MAX_NAME_LENGTH) {
    throw new AppError('USER_NAME_REQUIRED', `The user needs a name of 1 to ${MAX_NAME_LENGTH} characters.`, { field: 'name' });
  }
  if (!isUserRole(input.role)) throw new AppError('INVALID_ROLE', `Unknown role "${input.role}"; roles are ${USER_ROLES.join(', ')}.`);
  const role: UserRole = input.role;
  const email = validEmail(input.email);

  const { user, jobId } = await ctx.db.transaction().execute(async (trx) => {
    // The account row's lock makes concurrent invitations count one after another.
    if (!(await readAccountForUpdate(trx, input.accountId))) throw new AppError('ACCOUNT_NOT_FOUND', `No account ${input.accountId}.`);
    if ((await countUsersOfAccount(trx, input.accountId)) >= MAX_USERS_PER_ACCOUNT) {
      throw new AppError('USER_LIMIT_REACHED', `An account has at most ${MAX_USERS_PER_ACCOUNT} users: remove one first.`);
    }
    await assertEmailFree(trx, email);
    const user: User = { id: newId('usr'), accountId: input.accountId, name, email, role, createdAt: ctx.clock.now().toISOString() };
    await insertUser(trx, user);
    return { user, jobId: await enqueueJob(ctx, trx, 'send-user-invitation', { userId: user.id }) };
  });
  await runJobNow(ctx, jobId);
  return user;
};
