import { getSettings } from '../../../app/accounts/get-settings.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { SettingsData, presentSettings } from './settings.schema.js';

export const getSettingsRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/account/settings',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'getAccountSettings',
        summary: "The account's settings",
        description:
          'What the account’s admins may change with `PUT /account/settings`: the `frame_ancestors`, the `default_language` of recipients, `signer_copy_days` and `retention_days`.',
        tags: ['Account'],
        response: {
          200: Example(Ok(SettingsData), {
            message: 'Account settings.',
            data: { frame_ancestors: ['https://app.example.com'], default_language: 'en', signer_copy_days: 30, retention_days: null },
          }),
          ...errorResponses(401, 429),
          ...errorExample('INVALID_ACCESS_TOKEN', 'The access token is missing, unknown, revoked or expired.'),
        },
      },
    },
    async (request) => ({ message: 'Account settings.', data: presentSettings(await getSettings(ctx, callerOf(request).accountId)) }),
  );
