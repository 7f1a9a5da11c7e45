import type { PlanName } from '../../config.js';
import { AppError } from '../../domain/app-error.js';
import type { AppContext } from '../context.js';
import { envelopesCreatedThisMonth } from './envelope-quota.js';
import { monthWindow } from './month-window.js';

export const getAccount = async (ctx: AppContext, accountId: string) => {
  const account = await ctx.db
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.owner_user_id')
    .select(['accounts.id', 'accounts.name', 'accounts.plan', 'accounts.created_at', 'users.name as owner_name', 'users.email as owner_email'])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
  if (!account) throw new AppError('ACCOUNT_NOT_FOUND', 'No such account.');
  const now = ctx.clock.now();
  return {
    account_id: account.id,
    name: account.name,
    plan: account.plan,
    owner: { name: account.owner_name, email: account.owner_email },
    created_at: account.created_at,
    envelope_quota: {
      monthly_limit: ctx.config.planQuotas[account.plan as PlanName] ?? null,
      used_this_month: await envelopesCreatedThisMonth(ctx.db, accountId, now),
      resets_at: monthWindow(now).end.toISOString(),
    },
  };
};
