import { Type } from 'typebox';
import type { TokenPair } from '../../../app/auth/issue-tokens.js';
import { Int, Ok, Text } from '../../schema-kit.js';

export const TokenPairResponse = Ok(
  Type.Object({
    access_token: Text(128),
    refresh_token: Text(128),
    token_type: Type.Literal('bearer'),
    expires_in: Int(0, 99_999_999_999, { description: 'Unix timestamp (seconds) when the access token expires' }),
  }),
);

export const presentTokenPair = (tokens: TokenPair) => ({
  access_token: tokens.accessToken,
  refresh_token: tokens.refreshToken,
  token_type: 'bearer' as const,
  expires_in: Math.floor(tokens.accessTokenExpiresAt.getTime() / 1000),
});

export const AppAuthTypeHeader = Type.Object({
  app_auth_type: Type.Optional(Text(32, { description: 'Must be `esign-oauth2`' })),
});

/** Tokens must not be kept by any cache on the way (RFC 6749 §5.1): `Pragma` for HTTP/1.0 caches. */
export const TOKEN_RESPONSE_HEADERS = { 'cache-control': 'no-store', pragma: 'no-cache' };
