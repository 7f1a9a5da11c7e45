import type { AppContext } from '../../../app/context.js';
import { SSO_NOT_CONFIGURED_MESSAGE, readSsoSettings } from '../../../app/sso/sso-settings.js';
import { ssoRedirectUri } from '../../../app/sso/sso-redirect-uri.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { SsoResponse, presentSso, ssoExample } from './sso.schema.js';

export const getSsoRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/account/sso',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'getSso',
        summary: "The account's single sign-on (OIDC)",
        description:
          'Admins (a console token, or an API client). The settings as saved, without the client secret (`client_secret_set` ' +
          'says one is stored), and the `redirect_uri` to register at the provider. None configured: 404 SSO_NOT_CONFIGURED.',
        tags: ['Single sign-on'],
        response: {
          200: Example(SsoResponse, { message: 'Single sign-on settings.', data: ssoExample }),
          ...errorResponses(401, 403, 404, 429),
          ...errorExample('SSO_NOT_CONFIGURED', SSO_NOT_CONFIGURED_MESSAGE),
        },
      },
    },
    async (request) => ({
      message: 'Single sign-on settings.',
      data: presentSso(await readSsoSettings(ctx, callerOf(request).accountId), ssoRedirectUri(ctx.config)),
    }),
  );
