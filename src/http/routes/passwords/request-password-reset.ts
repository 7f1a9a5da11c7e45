import type { AppContext } from '../../../app/context.js';
import { requestPasswordReset } from '../../../app/passwords/request-password-reset.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { EmptyOk, PasswordResetRequestBody } from './passwords.schema.js';

const RESET_REQUESTED = 'If this address belongs to a user, a link to choose a new password is on its way. It works once, for 15 minutes.';

export const requestPasswordResetRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/console/password_reset',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'E-mail a password reset link',
        description:
          "Public, no `app_auth_type` header. Always answers 200 with the same message, whether or not the address is a user's: " +
          'the lookup and the mail happen in the background, so neither the answer nor its time tells. A user receives ' +
          "`{PUBLIC_URL}/console/reset/{token}`, single use, valid 15 minutes, in their account's default language. At most 5 " +
          'links per address per 15 minutes (beyond that nothing is sent, and the answer is still 200); nothing is sent to a ' +
          'user whose account enforces single sign-on. The per-address limit of unauthenticated calls applies.',
        tags: ['Console sign-in'],
        body: Example(PasswordResetRequestBody, { email: 'ada@acme.example' }),
        response: {
          200: Example(EmptyOk('Accepted, whatever the address'), { message: RESET_REQUESTED, data: {} }),
          ...errorResponses(400, 429),
          ...errorExample('INVALID_EMAIL', '"email" must be a valid email.', { field: 'email', message: 'The request is invalid.' }),
        },
      },
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email);
      return { message: RESET_REQUESTED, data: {} };
    },
  );
