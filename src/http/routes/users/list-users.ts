import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { MAX_USERS_PER_ACCOUNT } from '../../../app/users/invite-user.js';
import { listUsers } from '../../../app/users/list-users.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { List, Ok, errorResponses } from '../../schema-kit.js';
import { UserData, presentUser } from './users.schema.js';

export const listUsersRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/account/users',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'listUsers',
        summary: "The account's users",
        description: `The people who sign in to the console, the owner (\`is_owner\`) first, then oldest first; at most ${MAX_USERS_PER_ACCOUNT}.`,
        tags: ['Users'],
        response: {
          200: Example(Ok(Type.Object({ users: List(UserData, MAX_USERS_PER_ACCOUNT) })), {
            message: 'Users.',
            data: {
              users: [
                {
                  user_id: 'usr_ZCQHROxuVLIQwZXPLXjtKQ',
                  name: 'Ada Lovelace',
                  email: 'ada@example.com',
                  role: 'admin',
                  is_owner: true,
                  created_at: '2026-01-12T08:30:00.000Z',
                },
                {
                  user_id: 'usr_YFQjTNQWxgFtqu5oj0B8hA',
                  name: 'Grace Hopper',
                  email: 'grace@example.com',
                  role: 'sender',
                  is_owner: false,
                  created_at: '2026-03-03T14:02:45.000Z',
                },
              ],
            },
          }),
          ...errorResponses(401, 429),
          ...errorExample('ROLE_FORBIDDEN', "Only an account's admins may do this; this token is a sender's."),
        },
      },
    },
    async (request) => ({ message: 'Users.', data: { users: (await listUsers(ctx, callerOf(request).accountId)).map(presentUser) } }),
  );
