import { getAccount } from '../../../app/accounts/get-account.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
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
        response: { 200: AccountDetails, ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ message: 'Account details.', data: presentAccountDetails(await getAccount(ctx, callerOf(request).accountId)) }),
  );
