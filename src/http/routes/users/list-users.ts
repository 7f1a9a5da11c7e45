import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { MAX_USERS_PER_ACCOUNT } from '../../../app/users/invite-user.js';
import { listUsers } from '../../../app/users/list-users.js';
import { callerOf, type App } from '../../app-type.js';
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
        response: { 200: Ok(Type.Object({ users: List(UserData, MAX_USERS_PER_ACCOUNT) })), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ message: 'Users.', data: { users: (await listUsers(ctx, callerOf(request).accountId)).map(presentUser) } }),
  );
