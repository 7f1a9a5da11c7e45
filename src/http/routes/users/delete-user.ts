import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { removeUser } from '../../../app/users/remove-user.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, Text, errorResponses } from '../../schema-kit.js';
import { UserIdParams } from './users.schema.js';

export const deleteUserRoute = (app: App, ctx: AppContext) =>
  app.delete(
    '/account/users/:userId',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'deleteUser',
        summary: 'Remove a user from the account',
        description:
          'Signs the person out everywhere at once (their console sessions and access tokens end, unused sign-in links stop ' +
          'working) and frees their address. Envelopes and templates stay the account’s. The owner cannot be removed: 409 ' +
          "OWNER_NOT_REMOVABLE. An unknown or other account's user is 404 USER_NOT_FOUND.",
        tags: ['Users'],
        params: UserIdParams,
        response: {
          200: Example(Ok(Type.Object({ user_id: Text(64) }), 'User removed'), {
            message: 'User removed.',
            data: { user_id: 'usr_YFQjTNQWxgFtqu5oj0B8hA' },
          }),
          ...errorResponses(401, 404, 409, 429),
          ...errorExample('OWNER_NOT_REMOVABLE', 'The account owner cannot be removed.'),
        },
      },
    },
    async (request) => {
      await removeUser(ctx, { accountId: callerOf(request).accountId, userId: request.params.userId });
      return { message: 'User removed.', data: { user_id: request.params.userId } };
    },
  );
