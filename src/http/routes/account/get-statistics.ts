import { getStatistics } from '../../../app/accounts/get-statistics.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { errorResponses } from '../../schema-kit.js';
import { presentStatistics, Statistics } from './account.schema.js';

export const getStatisticsRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/account/statistics',
    {
      schema: {
        operationId: 'getAccountStatistics',
        summary: "Counts of the account's envelopes by status, and this month's activity",
        description: 'Deleted envelopes are left out; an open envelope past its due date counts as Expired.',
        tags: ['Account'],
        response: { 200: Statistics, ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ message: 'Account statistics.', data: presentStatistics(await getStatistics(ctx, callerOf(request).accountId)) }),
  );
