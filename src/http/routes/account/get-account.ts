import { getAccount } from '../../../app/accounts/get-account.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { AccountDetails, presentAccountDetails } from './account.schema.js';

export const getAccountRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/account',
    {
      schema: {
        operationId: 'getAccount',
        summary: 'Account details and envelope quota',
        tags: ['Account'],
        response: {
          200: Example(AccountDetails, {
            message: 'Account details.',
            data: {
              account_id: 'acct_JfpoXKeiZ-ut9e493gzadw',
              name: 'Acme Ltd',
              plan: 'business',
              owner: { name: 'Ada Lovelace', email: 'ada@example.com' },
              created_at: '2026-01-12T08:30:00.000Z',
              envelope_quota: { monthly_limit: 500, used_this_month: 42, resets_at: '2026-04-01T00:00:00.000Z' },
            },
          }),
          ...errorResponses(401, 429),
          ...errorExample('INVALID_ACCESS_TOKEN', 'The access token is missing, unknown, revoked or expired.'),
        },
      },
    },
    async (request) => ({ message: 'Account details.', data: presentAccountDetails(await getAccount(ctx, callerOf(request).accountId)) }),
  );
