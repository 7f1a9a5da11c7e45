import type { AppContext } from '../../../app/context.js';
import { INVALID_RESET_TOKEN_MESSAGE, resetPassword } from '../../../app/passwords/reset-password.js';
import { PASSWORD_RULE_SUMMARY } from '../../../domain/password-policy.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { originOf } from '../../request-origin.js';
import { errorResponses } from '../../schema-kit.js';
import { EmptyOk, PasswordResetBody, ResetTokenParams } from './passwords.schema.js';

export const resetPasswordRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/console/password_reset/:reset_code',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'resetPassword',
        summary: 'Choose a new password with a reset link',
        description:
          'Public, no `app_auth_type` header; the page of the mailed link `/console/reset/{token}` posts here. Sets the new ' +
          'password, uses the link up (and every other unused reset link of the user), ends every console session of the ' +
          'user and every console access token they exchanged for, and lifts a lock-out of their address. Nobody is signed ' +
          'in by it: the person signs in with the new password next. An unknown, used or expired (15 minutes) link: 400 ' +
          'INVALID_RESET_TOKEN; a new password that breaks a rule: 400 WEAK_PASSWORD, and the link stays usable. Recorded ' +
          'in the security log as `password_reset`.',
        tags: ['Console sign-in'],
        params: ResetTokenParams,
        body: Example(PasswordResetBody, { new_password: 'violet harbour sings quietly' }),
        response: {
          200: Example(EmptyOk('The password is set; every session of the user has ended'), {
            message: 'Password saved. Sign in with it now.',
            data: {},
          }),
          ...errorResponses(400, 429),
          ...errorExample('INVALID_RESET_TOKEN', INVALID_RESET_TOKEN_MESSAGE),
          ...errorExample('WEAK_PASSWORD', `The password has 9 characters; it needs at least 12. ${PASSWORD_RULE_SUMMARY}`, {
            field: 'new_password',
          }),
        },
      },
    },
    async (request) => {
      await resetPassword(ctx, { token: request.params.reset_code, newPassword: request.body.new_password, origin: originOf(request) });
      return { message: 'Password saved. Sign in with it now.', data: {} };
    },
  );
