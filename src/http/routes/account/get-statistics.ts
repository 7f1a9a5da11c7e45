import { getStatistics } from '../../../app/accounts/get-statistics.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { presentStatistics, Statistics } from './account.schema.js';

export const getStatisticsRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/account/statistics',
    {
      schema: {
        operationId: 'getAccountStatistics',
        summary: "Counts of the account's envelopes by status, and this month's activity",
        description:
          'Deleted envelopes are left out; an open envelope past its due date counts as Expired. `Correcting`: sent back by a signer, waiting for the sender to correct and resend it.',
        tags: ['Account'],
        response: {
          200: Example(Statistics, {
            message: 'Account statistics.',
            data: {
              total: 128,
              by_status: { Sent: 9, InProgress: 5, Correcting: 1, Completed: 101, Declined: 4, Cancelled: 5, Expired: 3 },
              this_month: { created: 42, completed: 37 },
              average_completion_seconds: 93_612.5,
            },
          }),
          ...errorResponses(401, 429),
          ...errorExample('INVALID_ACCESS_TOKEN', 'The access token is missing, unknown, revoked or expired.'),
        },
      },
    },
    async (request) => ({ message: 'Account statistics.', data: presentStatistics(await getStatistics(ctx, callerOf(request).accountId)) }),
  );
