import { Type } from 'typebox';
import type { ConsoleToken } from '../../../app/users/console-token.js';
import { Int, Ok, Text } from '../../schema-kit.js';
import { CSRF_HEADER_VALUE } from '../../session-cookie.js';

export const CsrfHeader = Type.Object({
  'x-requested-with': Type.Optional(
    Text(64, { description: `Must be \`${CSRF_HEADER_VALUE}\`; without it 403 CSRF_HEADER_REQUIRED (README "Account users and sign-in")` }),
  ),
});

export const ConsoleTokenResponse = Ok(
  Type.Object({
    access_token: Text(128),
    token_type: Type.Literal('bearer'),
    expires_in: Int(0, 99_999_999_999, { description: 'Unix timestamp (seconds) when the access token expires (15 minutes)' }),
  }),
  "An access token scoped to the signed-in user's role; no refresh token: exchange the session again",
);

export const presentConsoleToken = (token: ConsoleToken) => ({
  access_token: token.accessToken,
  token_type: 'bearer' as const,
  expires_in: Math.floor(token.accessTokenExpiresAt.getTime() / 1000),
});
