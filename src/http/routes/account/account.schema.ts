import { Type, type Static } from 'typebox';
import type { AccountDetails as AccountDetailsModel } from '../../../app/accounts/get-account.js';
import type { AccountStatistics } from '../../../app/accounts/get-statistics.js';
import { Email, Int, Nullable, Num, Ok, Text, Timestamp } from '../../schema-kit.js';

const AccountDetailsData = Type.Object({
  account_id: Text(64),
  name: Text(255),
  plan: Type.String({ enum: ['free', 'starter', 'business', 'enterprise'], maxLength: 16 }),
  owner: Type.Object({ name: Text(255), email: Email() }),
  created_at: Timestamp(),
  envelope_quota: Type.Object({
    monthly_limit: Nullable(Int(0, 1_000_000_000), { description: 'null means unlimited' }),
    used_this_month: Int(0, 1_000_000_000),
    resets_at: Timestamp({ description: 'Start of the next calendar month, UTC' }),
  }),
});

export const AccountDetails = Ok(AccountDetailsData);

const Count = Int(0, 1_000_000_000);

const StatisticsData = Type.Object({
  total: Count,
  by_status: Type.Object({
    Sent: Count,
    InProgress: Count,
    Correcting: Count,
    Completed: Count,
    Declined: Count,
    Cancelled: Count,
    Expired: Count,
  }),
  this_month: Type.Object({ created: Count, completed: Count }, { description: 'The current calendar month, UTC' }),
  average_completion_seconds: Type.Union([Num(0, 1_000_000_000), Type.Null()], {
    description: 'From creation to completion; null while none is completed',
  }),
});

export const Statistics = Ok(StatisticsData);

export const presentAccountDetails = ({ account, owner, quota }: AccountDetailsModel): Static<typeof AccountDetailsData> => ({
  account_id: account.id,
  name: account.name,
  plan: account.plan,
  owner: { name: owner.name, email: owner.email },
  created_at: account.createdAt,
  envelope_quota: { monthly_limit: quota.monthlyLimit, used_this_month: quota.usedThisMonth, resets_at: quota.resetsAt },
});

export const presentStatistics = (statistics: AccountStatistics): Static<typeof StatisticsData> => ({
  total: statistics.total,
  by_status: statistics.byStatus,
  this_month: { created: statistics.createdInWindow, completed: statistics.completedInWindow },
  average_completion_seconds: statistics.averageCompletionSeconds,
});
