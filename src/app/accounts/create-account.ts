import { DEFAULT_SIGNER_COPY_DAYS } from '../../domain/signer-copy.js';
import { AppError } from '../../domain/app-error.js';
import { DEFAULT_LANGUAGE } from '../../domain/language.js';
import { PLAN_NAMES, type PlanName } from '../../config.js';
import { insertAccount } from '../../infra/db/tables/accounts-table.js';
import { insertUser } from '../../infra/db/tables/users-table.js';
import { newId } from '../../infra/ids.js';
import type { AppContext } from '../context.js';
import { assertEmailFree, validEmail } from '../users/email-address.js';
import { insertClient, type IssuedClient } from './create-client.js';

export interface NewAccount {
  name: string;
  email: string;
  plan: string;
  ownerName?: string;
}

export interface CreatedAccount extends IssuedClient {
  accountId: string;
  userId: string;
}

const isPlanName = (plan: string): plan is PlanName => (PLAN_NAMES as readonly string[]).includes(plan);

/** Creates an account, its owner and a first API client, in one transaction. */
export const createAccount = async (ctx: AppContext, input: NewAccount): Promise<CreatedAccount> => {
  const name = input.name.trim();
  if (!name) throw new AppError('ACCOUNT_NAME_REQUIRED', 'The account needs a name.');
  const email = validEmail(input.email);
  const plan = input.plan;
  if (!isPlanName(plan)) throw new AppError('INVALID_PLAN', `Unknown plan "${plan}"; plans are ${PLAN_NAMES.join(', ')}.`);
  const accountId = newId('acct');
  const userId = newId('usr');
  const now = ctx.clock.now().toISOString();

  return ctx.db.transaction().execute(async (trx) => {
    await assertEmailFree(trx, email);
    await insertAccount(trx, {
      id: accountId,
      name,
      plan,
      ownerUserId: userId,
      frameAncestors: [],
      defaultLanguage: DEFAULT_LANGUAGE,
      signerCopyDays: DEFAULT_SIGNER_COPY_DAYS,
      retentionDays: null,
      createdAt: now,
    });
    await insertUser(trx, {
      id: userId,
      accountId,
      name: input.ownerName?.trim() || name,
      email,
      role: 'admin',
      createdAt: now,
    });
    const client = await insertClient(ctx, trx, accountId);
    return { accountId, userId, ...client };
  });
};
