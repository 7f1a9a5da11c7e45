import { Type } from 'typebox';
import { getDailyStatistics } from '../../../app/accounts/get-daily-statistics.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Int, List, Ok, Strict, Text, errorResponses } from '../../schema-kit.js';

const MAX_DAYS = 366;
const DEFAULT_DAYS = 30;

const DailyQuery = Strict({
  days: Type.Optional(
    Int(1, MAX_DAYS, {
      'x-invalid-code': 'INVALID_DAYS',
      description: `How many days, today included: 1–${MAX_DAYS} (default ${DEFAULT_DAYS})`,
    }),
  ),
});

const Count = Int(0, 1_000_000_000);

const DailyData = Type.Object({
  days: List(
    Type.Object({
      date: Text(10, { format: 'date', description: 'A UTC day, `YYYY-MM-DD`' }),
      created: Count,
      completed: Count,
    }),
    MAX_DAYS,
    { description: 'Oldest first, ending today (UTC); a day without activity counts 0' },
  ),
});

export const getDailyStatisticsRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/account/statistics/daily',
    {
      schema: {
        operationId: 'getAccountDailyStatistics',
        summary: "The account's envelopes created and completed per day",
        description:
          `For each of the last \`days\` UTC days (default ${DEFAULT_DAYS}, today included): envelopes created and envelopes ` +
          'completed that day. Deleted envelopes are counted too, as the monthly quota counts them. Outside 1–366, `days` ' +
          'is 400 INVALID_DAYS.',
        tags: ['Account'],
        querystring: DailyQuery,
        response: {
          200: Example(Ok(DailyData), {
            message: 'Daily account statistics.',
            data: {
              days: [
                { date: '2026-03-01', created: 4, completed: 2 },
                { date: '2026-03-02', created: 7, completed: 5 },
                { date: '2026-03-03', created: 0, completed: 1 },
              ],
            },
          }),
          ...errorResponses(400, 401, 429),
          ...errorExample('INVALID_DAYS', '"querystring.days" must be <= 366.', {
            field: 'querystring.days',
            message: 'The request is invalid.',
          }),
        },
      },
    },
    async (request) => ({
      message: 'Daily account statistics.',
      data: { days: await getDailyStatistics(ctx, callerOf(request).accountId, request.query.days ?? DEFAULT_DAYS) },
    }),
  );
