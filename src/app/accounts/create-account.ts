import { AppError } from '../../domain/app-error.js';
import { PLAN_NAMES, type PlanName } from '../../config.js';
import { newId } from '../../infra/ids.js';
import type { AppContext } from '../context.js';
import { insertClient, type IssuedClient } from './create-client.js';

export interface NewAccount {
  name: string;
  email: string;
  plan: string;
  ownerName?: string;
}

export interface CreatedAccount extends IssuedClient {
  account_id: string;
  user_id: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Creates an account, its owner and a first API client, in one transaction. */
export const createAccount = async (ctx: AppContext, input: NewAccount): Promise<CreatedAccount> => {
  const name = input.name.trim();
  if (!name) throw new AppError('ACCOUNT_NAME_REQUIRED', 'The account needs a name.');
  if (!EMAIL.test(input.email)) throw new AppError('INVALID_EMAIL', `"${input.email}" is not an e-mail address.`);
  if (!PLAN_NAMES.includes(input.plan as PlanName)) {
    throw new AppError('INVALID_PLAN', `Unknown plan "${input.plan}"; plans are ${PLAN_NAMES.join(', ')}.`);
  }
  const accountId = newId('acct');
  const userId = newId('usr');
  const now = ctx.clock.now().toISOString();

  return ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('accounts')
      .values({ id: accountId, name, plan: input.plan, owner_user_id: userId, frame_ancestors: '[]', created_at: now })
      .execute();
    await trx
      .insertInto('users')
      .values({ id: userId, account_id: accountId, name: input.ownerName?.trim() || name, email: input.email.toLowerCase(), created_at: now })
      .execute();
    const client = await insertClient(ctx, trx, accountId);
    return { account_id: accountId, user_id: userId, ...client };
  });
};
