import type { AppContext } from '../../../app/context.js';
import { changeUserRole } from '../../../app/users/change-user-role.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, Strict, errorResponses } from '../../schema-kit.js';
import { Role, UserData, UserIdParams, presentUser } from './users.schema.js';

const UpdateBody = Strict({ role: Role });

export const updateUserRoute = (app: App, ctx: AppContext) =>
  app.put(
    '/account/users/:userId',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'updateUser',
        summary: "Change a user's role",
        description:
          "The user's console tokens take the new role at once: a demoted admin loses the admin operations without signing " +
          'out. The owner is always an admin: another role for the owner is 409 OWNER_ROLE_FIXED. An unknown or other ' +
          "account's user is 404 USER_NOT_FOUND.",
        tags: ['Users'],
        params: UserIdParams,
        body: Example(UpdateBody, { role: 'admin' }),
        response: {
          200: Example(Ok(UserData, 'User updated'), {
            message: 'User updated.',
            data: {
              user_id: 'usr_YFQjTNQWxgFtqu5oj0B8hA',
              name: 'Grace Hopper',
              email: 'grace@example.com',
              role: 'admin',
              is_owner: false,
              created_at: '2026-03-03T14:02:45.000Z',
            },
          }),
          ...errorResponses(400, 401, 404, 409, 429),
          ...errorExample('OWNER_ROLE_FIXED', "The account owner is always an admin; the owner's role cannot change.", { field: 'role' }),
        },
      },
    },
    async (request) => {
      const user = await changeUserRole(ctx, {
        accountId: callerOf(request).accountId,
        userId: request.params.userId,
        role: request.body.role,
      });
      return { message: 'User updated.', data: presentUser(user) };
    },
  );
