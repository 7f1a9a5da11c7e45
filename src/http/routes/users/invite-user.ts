import type { AppContext } from '../../../app/context.js';
import { inviteUser } from '../../../app/users/invite-user.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Email, Ok, RequiredText, Strict, errorResponses } from '../../schema-kit.js';
import { Role, UserData, presentUser } from './users.schema.js';

const InviteBody = Strict({
  email: Email({ 'x-invalid-code': 'INVALID_EMAIL', description: 'Where the invitation goes; one address is one user, in one account' }),
  name: RequiredText(200, 'USER_NAME_REQUIRED', { description: "The person's name, 1 to 200 characters" }),
  role: Role,
});

export const inviteUserRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/account/users',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'inviteUser',
        summary: 'Invite a person to the account',
        description:
          'Adds the user and e-mails them an invitation with a sign-in link (`{PUBLIC_URL}/console/login/{token}`, single use, ' +
          'valid 15 minutes; later they ask for a new one at the sign-in page). An invited person has no password: opening ' +
          'the link signs them in, and the console then offers to set a first one (`POST /console/password`; the console ' +
          "token's `user.has_password` is false until then); they may skip that and keep signing in by e-mail link. An address " +
          'that is already a user, in this account or another, is 409 EMAIL_IN_USE. At most 500 users per account ' +
          '(403 USER_LIMIT_REACHED).',
        tags: ['Users'],
        body: Example(InviteBody, { email: 'grace@example.com', name: 'Grace Hopper', role: 'sender' }),
        response: {
          201: Example(Ok(UserData, 'User invited'), {
            message: 'User invited; the invitation is on its way.',
            data: {
              user_id: 'usr_YFQjTNQWxgFtqu5oj0B8hA',
              name: 'Grace Hopper',
              email: 'grace@example.com',
              role: 'sender',
              is_owner: false,
              created_at: '2026-03-03T14:02:45.000Z',
            },
          }),
          ...errorResponses(400, 401, 403, 409, 429),
          ...errorExample(
            'EMAIL_IN_USE',
            "grace@example.com is already a user's address; one address signs in as one user, in one account.",
          ),
        },
      },
    },
    async (request, reply) => {
      const { email, name, role } = request.body;
      const user = await inviteUser(ctx, { accountId: callerOf(request).accountId, email, name, role });
      return reply
        .status(201)
        .send({ message: 'User invited; the invitation is on its way.', data: presentUser({ ...user, isOwner: false }) });
    },
  );
