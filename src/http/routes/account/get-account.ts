import { Type } from 'typebox';
import { getAccount } from '../../../app/accounts/get-account.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { Email, Int, Ok, Text, Timestamp, errorResponses } from '../../schema-kit.js';

const AccountDetails = Type.Object({
  account_id: Text(64),
  name: Text(255),
  plan: Type.String({ enum: ['free', 'starter', 'business', 'enterprise'], maxLength: 16 }),
  owner: Type.Object({ name: Text(255), email: Email() }),
  created_at: Timestamp(),
  envelope_quota: Type.Object({
    monthly_limit: Type.Union([Int(0, 1_000_000_000), Type.Null()], { description: 'null means unlimited' }),
    used_this_month: Int(0, 1_000_000_000),
    resets_at: Timestamp({ description: 'Start of the next calendar month, UTC' }),
  }),
});

export const getAccountRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/account',
    {
      schema: {
        operationId: 'getAccount',
        summary: 'Account details and envelope quota',
        tags: ['Account'],
        response: { 200: Ok(AccountDetails), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ message: 'Account details.', data: await getAccount(ctx, callerOf(request).accountId) }),
  );
