import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { removeSsoSettings } from '../../../app/sso/remove-sso-settings.js';
import { SSO_NOT_CONFIGURED_MESSAGE } from '../../../app/sso/sso-settings.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { originOf } from '../../request-origin.js';
import { Ok, errorResponses } from '../../schema-kit.js';

export const deleteSsoRoute = (app: App, ctx: AppContext) =>
  app.delete(
    '/account/sso',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'deleteSso',
        summary: "Remove the account's single sign-on",
        description:
          'Admins. Forgets the provider and its secret, frees the e-mail domains for other accounts and ends sign-ins under ' +
          'way; people sign in by password, passkey or e-mail link again (enforcement ends with it). None configured: 404 ' +
          'SSO_NOT_CONFIGURED. Recorded in the security log as `sso_changed`.',
        tags: ['Single sign-on'],
        response: {
          200: Example(Ok(Type.Object({}), 'Single sign-on removed'), { message: 'Single sign-on removed.', data: {} }),
          ...errorResponses(401, 403, 404, 429),
          ...errorExample('SSO_NOT_CONFIGURED', SSO_NOT_CONFIGURED_MESSAGE),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await removeSsoSettings(ctx, originOf(request), caller.accountId, caller.userId);
      return { message: 'Single sign-on removed.', data: {} };
    },
  );
