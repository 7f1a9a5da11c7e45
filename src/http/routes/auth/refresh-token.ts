import { refreshToken } from '../../../app/auth/refresh-token.js';
import type { AppContext } from '../../../app/context.js';
import type { App } from '../../app-type.js';
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
        body: RefreshBody,
        response: { 200: TokenPairResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const tokens = await refreshToken(ctx, request.body.access_token, request.body.refresh_token);
      reply.headers(TOKEN_RESPONSE_HEADERS);
      return { message: 'Token refreshed.', data: presentTokenPair(tokens) };
    },
  );
