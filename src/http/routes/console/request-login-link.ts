import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { requestLoginLink } from '../../../app/users/request-login-link.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Email, Ok, Strict, errorResponses } from '../../schema-kit.js';

const LoginLinkBody = Strict({
  email: Email({ description: "The user's e-mail address", 'x-missing-code': 'FIELD_REQUIRED', 'x-invalid-code': 'INVALID_EMAIL' }),
});

export const requestLoginLinkRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/console/login_link',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'requestConsoleLoginLink',
        summary: 'E-mail a console sign-in link',
        description:
          "Public. Always answers 200 with the same message, whether or not the address is a user's: the lookup and the mail happen " +
          'in the background, so neither the answer nor its time tells. A user receives `{PUBLIC_URL}/console/login/{token}`, ' +
          'single use, valid 15 minutes. At most 5 links per address per 15 minutes (beyond that nothing is sent, and the answer ' +
          'is still 200), and the per-address request limit of unauthenticated calls.',
        tags: ['Console sign-in'],
        body: Example(LoginLinkBody, { email: 'ada@example.com' }),
        response: {
          200: Example(Ok(Type.Object({})), {
            message: 'If this address belongs to a user, a sign-in link is on its way. It works once, for 15 minutes.',
            data: {},
          }),
          ...errorResponses(400, 429),
          ...errorExample('INVALID_EMAIL', '"email" must be a valid email.', { field: 'email', message: 'The request is invalid.' }),
        },
      },
    },
    async (request) => {
      await requestLoginLink(ctx, request.body.email);
      return { message: 'If this address belongs to a user, a sign-in link is on its way. It works once, for 15 minutes.', data: {} };
    },
  );
