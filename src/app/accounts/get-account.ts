import { AppError } from '../../domain/app-error.js';
import { readAccountWithOwner, type Account } from '../../infra/db/tables/accounts-table.js';
import type { AppContext } from '../context.js';
import { envelopesCreatedThisMonth } from './envelope-quota.js';
import { monthWindow } from './month-window.js';

export interface AccountDetails {
  account: Account;
  owner: { name: string; email: string };
  quota: {
    /** null: unlimited. */
    monthlyLimit: number | null;
    usedThisMonth: number;
    resetsAt: Date;
  };
}

export const getAccount = async (ctx: AppContext, accountId: string): Promise<AccountDetails> => {
  const found = await readAccountWithOwner(ctx.db, accountId);
  if (!found) throw new AppError('ACCOUNT_NOT_FOUND', 'No such account.');
  const now = ctx.clock.now();
  return {
    account: found.account,
    owner: { name: found.owner.name, email: found.owner.email },
    quota: {
      monthlyLimit: ctx.config.planQuotas[found.account.plan] ?? null,
      usedThisMonth: await envelopesCreatedThisMonth(ctx.db, accountId, now),
      resetsAt: monthWindow(now).end,
    },
  };
};
