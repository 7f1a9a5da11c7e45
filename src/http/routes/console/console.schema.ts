import { Type } from 'typebox';
import type { ConsoleToken } from '../../../app/users/console-token.js';
import { Email, Int, Ok, Text } from '../../schema-kit.js';
import { CSRF_HEADER_VALUE } from '../../session-cookie.js';

export const CsrfHeader = Type.Object({
  'x-requested-with': Type.Optional(
    Text(64, { description: `Must be \`${CSRF_HEADER_VALUE}\`; without it 403 CSRF_HEADER_REQUIRED (docs/api/people.md)` }),
  ),
});

export const ConsoleTokenResponse = Ok(
  Type.Object({
    access_token: Text(128),
    token_type: Type.Literal('bearer'),
    expires_in: Int(0, 99_999_999_999, { description: 'Unix timestamp (seconds) when the access token expires (15 minutes)' }),
    user: Type.Object(
      {
        user_id: Text(64),
        name: Text(255),
        email: Email(),
        role: Type.String({ enum: ['admin', 'sender'], maxLength: 16, description: 'The role this token carries' }),
        has_password: Type.Boolean({
          description:
            'Whether the user has set a password (POST /console/password). False for an invited person until they choose one: ' +
            'the console then offers to set it; e-mail sign-in links keep working either way',
        }),
      },
      { description: 'The signed-in user' },
    ),
    account: Type.Object(
      {
        account_id: Text(64),
        name: Text(255),
        plan: Type.String({ enum: ['free', 'starter', 'business', 'enterprise'], maxLength: 16 }),
      },
      { description: "The user's account" },
    ),
  }),
  "An access token scoped to the signed-in user's role, with who is signed in; no refresh token: exchange the session again",
);

export const presentConsoleToken = (token: ConsoleToken) => ({
  access_token: token.accessToken,
  token_type: 'bearer' as const,
  expires_in: Math.floor(token.accessTokenExpiresAt.getTime() / 1000),
  user: { user_id: token.user.id, name: token.user.name, email: token.user.email, role: token.user.role, has_password: token.hasPassword },
  account: { account_id: token.account.id, name: token.account.name, plan: token.account.plan },
});
