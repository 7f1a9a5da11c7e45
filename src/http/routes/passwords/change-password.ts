import { changePassword, NOT_A_PERSON_MESSAGE } from '../../../app/passwords/change-password.js';
import type { AppContext } from '../../../app/context.js';
import { PASSWORD_RULE_SUMMARY } from '../../../domain/password-policy.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { originOf } from '../../request-origin.js';
import { errorResponses } from '../../schema-kit.js';
import { PasswordChangeBody, PasswordChangeResponse } from './passwords.schema.js';

export const changePasswordRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/console/password',
    {
      schema: {
        operationId: 'changePassword',
        summary: 'Set or change your password',
        description:
          "The signed-in person's own password, with the console access token (`POST /console/token`) as bearer token. " +
          'A user who has a password gives it as `current_password` (missing: 400 FIELD_REQUIRED; wrong: 401 ' +
          "INVALID_CREDENTIALS, counted toward the address's lock-out, so 423 USER_LOCKED once it is locked); one who has " +
          'none yet (an invited person) leaves it out. The new password must keep the rules (400 WEAK_PASSWORD). Saving it ' +
          "ends the person's other console sessions and their tokens (whoever else is signed in as them is signed out; " +
          "this session stays) and spends unused reset links. An API client's token has no person behind it: 403 " +
          'ROLE_FORBIDDEN. Recorded in the security log as `password_changed`.',
        tags: ['Console sign-in'],
        body: Example(PasswordChangeBody, {
          current_password: 'copper kettle orbit lantern',
          new_password: 'violet harbour sings quietly',
        }),
        response: {
          200: Example(PasswordChangeResponse, {
            message: 'Password saved. Your other sessions were signed out.',
            data: { first_password: false },
          }),
          ...errorResponses(400, 401, 403, 423, 429),
          ...errorExample('INVALID_CREDENTIALS', 'The current password is wrong.', { field: 'current_password' }),
          ...errorExample('WEAK_PASSWORD', `The password is mostly your name or e-mail address. ${PASSWORD_RULE_SUMMARY}`, {
            field: 'new_password',
          }),
          ...errorExample('ROLE_FORBIDDEN', NOT_A_PERSON_MESSAGE),
        },
      },
    },
    async (request) => {
      const { current_password, new_password } = request.body;
      const changed = await changePassword(ctx, {
        caller: callerOf(request),
        ...(current_password === undefined ? {} : { currentPassword: current_password }),
        newPassword: new_password,
        origin: originOf(request),
      });
      return { message: 'Password saved. Your other sessions were signed out.', data: { first_password: changed.firstPassword } };
    },
  );
