import { Type } from 'typebox';
import { login } from '../../../app/auth/login.js';
import type { AppContext } from '../../../app/context.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Strict, Text, errorResponses } from '../../schema-kit.js';
import { AppAuthTypeHeader, presentTokenPair, TOKEN_RESPONSE_HEADERS, TokenPairResponse } from './token-pair.schema.js';

const LoginBody = Strict({
  credentials: Type.Optional(Text(4096, { description: 'base64 of `client_id:client_secret`; or send `Authorization: Basic <same>`' })),
});

const basicCredentials = (header: string | undefined) => header?.match(/^Basic\s+(\S+)\s*$/i)?.[1];

export const loginRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/authorization/token',
    {
      // A login by Authorization: Basic may come without a body: the server reads a missing body as `{}`.
      config: { access: 'app-type' },
      schema: {
        operationId: 'login',
        summary: 'Log in with client credentials',
        description:
          'Exchanges the base64 credentials printed by `countersign account create` for an access token (1 h) and a refresh token (30 days).',
        tags: ['Authentication'],
        security: [{ appAuthType: [] }],
        headers: AppAuthTypeHeader,
        body: Example(LoginBody, {
          credentials: 'Y2xpX21zakJUUGtXY3B3Y0s1NVp1QU1NLXc6Y3Nfc2tfWWIza1Q5cUxtMlZ4N1JjTjFwV3o1c0hkOEZnSjRhVWU2b0tpMHRCblF5RQ==',
        }),
        response: {
          200: Example(TokenPairResponse, {
            message: 'Login successful.',
            data: {
              access_token: 'cs_at_gU7QxBiEYVgbFWAMbVeagXpE93nBAHhZBGAm5Yzasbo',
              refresh_token: 'cs_rt_0P0XfwG3bPI-1QzA6Iim7qT10rEfWUt06uwrSAktfms',
              token_type: 'bearer',
              expires_in: 1772446527,
            },
          }),
          ...errorResponses(400, 401, 429),
          ...errorExample('INVALID_CREDENTIALS', 'The credentials are not valid.'),
        },
      },
    },
    async (request, reply) => {
      const tokens = await login(ctx, request.body.credentials || basicCredentials(request.headers.authorization));
      reply.headers(TOKEN_RESPONSE_HEADERS);
      return { message: 'Login successful.', data: presentTokenPair(tokens) };
    },
  );
