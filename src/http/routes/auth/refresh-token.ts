import { refreshToken } from '../../../app/auth/refresh-token.js';
import type { AppContext } from '../../../app/context.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { RequiredText, Strict, errorResponses } from '../../schema-kit.js';
import { AppAuthTypeHeader, presentTokenPair, TOKEN_RESPONSE_HEADERS, TokenPairResponse } from './token-pair.schema.js';

const RefreshBody = Strict({
  access_token: RequiredText(128, 'ACCESS_TOKEN_REQUIRED', { description: 'The (possibly expired) access token' }),
  refresh_token: RequiredText(128, 'REFRESH_TOKEN_REQUIRED', { description: 'The refresh token issued with it' }),
});

export const refreshTokenRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/authorization/refresh_token',
    {
      config: { access: 'app-type' },
      schema: {
        operationId: 'refreshToken',
        summary: 'Exchange a refresh token for a new token pair',
        description:
          'Refresh tokens rotate: each use returns a new one and retires the old. Presenting a retired refresh token again revokes every token of that login (401 REFRESH_TOKEN_REUSED): at once on the server that answered, within 30 s on the other servers of a scaled-out installation, which cache a checked access token for at most 30 s.',
        tags: ['Authentication'],
        security: [{ appAuthType: [] }],
        headers: AppAuthTypeHeader,
        body: Example(RefreshBody, {
          access_token: 'cs_at_gU7QxBiEYVgbFWAMbVeagXpE93nBAHhZBGAm5Yzasbo',
          refresh_token: 'cs_rt_0P0XfwG3bPI-1QzA6Iim7qT10rEfWUt06uwrSAktfms',
        }),
        response: {
          200: Example(TokenPairResponse, {
            message: 'Token refreshed.',
            data: {
              access_token: 'cs_at_Xk2vR9mQ4tL7wB1nC8yH5pZ3sD6fJ0gK2aE4uI7oT1q',
              refresh_token: 'cs_rt_Vn5bM8cX1zL4kJ7hG0fD3sA6qW9eR2tY5uI8oP1aS4d',
              token_type: 'bearer',
              expires_in: 1772450127,
            },
          }),
          ...errorResponses(400, 401, 429),
          ...errorExample(
            'REFRESH_TOKEN_REUSED',
            'This refresh token was already used. Every token of this login is now revoked; log in again.',
          ),
        },
      },
    },
    async (request, reply) => {
      const tokens = await refreshToken(ctx, request.body.access_token, request.body.refresh_token);
      reply.headers(TOKEN_RESPONSE_HEADERS);
      return { message: 'Token refreshed.', data: presentTokenPair(tokens) };
    },
  );
