import { AppError } from '../../domain/app-error.js';
import type { Account } from '../../infra/db/tables/accounts-table.js';
import { readAccountDetails } from '../../infra/db/tables/account-details.js';
import type { AppContext } from '../context.js';
import { monthWindow } from './month-window.js';

export interface AccountDetails {
  account: Account;
  owner: { name: string; email: string };
  quota: {
    /** null: unlimited. */
    monthlyLimit: number | null;
    usedThisMonth: number;
    /** The next month's first instant, as stored. */
    resetsAt: string;
  };
}

/** The account, its owner and its quota in one statement; envelopes count against the month they were created in (envelope-quota.ts). */
export const getAccount = async (ctx: AppContext, accountId: string): Promise<AccountDetails> => {
  const window = monthWindow(ctx.clock.now());
  const found = await readAccountDetails(ctx.db, accountId, window);
  if (!found) throw new AppError('ACCOUNT_NOT_FOUND', 'No such account.');
  return {
    account: found.account,
    owner: found.owner,
    quota: {
      monthlyLimit: ctx.config.planQuotas[found.account.plan] ?? null,
      usedThisMonth: found.envelopesCreated,
      resetsAt: window.end,
    },
  };
};
