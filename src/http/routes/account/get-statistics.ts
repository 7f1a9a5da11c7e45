import { Type } from 'typebox';
import { getStatistics } from '../../../app/accounts/get-statistics.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { Int, Num, Ok, errorResponses } from '../../schema-kit.js';

const Count = Int(0, 1_000_000_000);

const Statistics = Type.Object({
  total: Count,
  by_status: Type.Object({ Sent: Count, InProgress: Count, Completed: Count, Declined: Count, Cancelled: Count, Expired: Count }),
  this_month: Type.Object({ created: Count, completed: Count }, { description: 'The current calendar month, UTC' }),
  average_completion_seconds: Type.Union([Num(0, 1_000_000_000), Type.Null()], { description: 'From creation to completion; null while none is completed' }),
});

export const getStatisticsRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/account/statistics',
    {
      schema: {
        operationId: 'getAccountStatistics',
        summary: "Counts of the account's envelopes by status, and this month's activity",
        description: 'Deleted envelopes are left out; an open envelope past its due date counts as Expired.',
        tags: ['Account'],
        response: { 200: Ok(Statistics), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ message: 'Account statistics.', data: await getStatistics(ctx, callerOf(request).accountId) }),
  );
