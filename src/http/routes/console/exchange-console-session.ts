import type { AppContext } from '../../../app/context.js';
import { exchangeSession } from '../../../app/users/console-token.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { requireCsrfHeader, sessionCookieOf } from '../../session-cookie.js';
import { TOKEN_RESPONSE_HEADERS } from '../auth/token-pair.schema.js';
import { ConsoleTokenResponse, CsrfHeader, presentConsoleToken } from './console.schema.js';

export const exchangeConsoleSessionRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/console/token',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'exchangeConsoleSession',
        summary: 'Exchange the console session for an access token',
        description:
          'With the `countersign_session` cookie set by a sign-in link and the header `X-Requested-With: countersign-console`. ' +
          "Returns an access token valid 15 minutes with the user's role (a `sender`'s gets 403 ROLE_FORBIDDEN on admin " +
          'operations), used as `Authorization: Bearer` with the ordinary API, and who is signed in: `user` (id, name, e-mail, ' +
          'role, `has_password`) and `account` (id, name, plan), for the console to show. No refresh token: exchange the session again. ' +
          "Each exchange restarts the session's 12-hour idle timeout; a session lasts 7 days at most. 401 SESSION_REQUIRED " +
          'without a known session, 401 SESSION_EXPIRED once it has ended.',
        tags: ['Console sign-in'],
        security: [{ consoleSession: [] }],
        headers: CsrfHeader,
        response: {
          200: Example(ConsoleTokenResponse, {
            message: 'Access token issued.',
            data: {
              access_token: 'cs_ct_kgbLUlPPvS_VWyV2yitPVxYMsXGjgmqx-oa8Gh17_bU',
              token_type: 'bearer',
              expires_in: 1772443827,
              user: {
                user_id: 'usr_ZCQHROxuVLIQwZXPLXjtKQ',
                name: 'Ada Lovelace',
                email: 'ada@example.com',
                role: 'admin',
                has_password: true,
              },
              account: { account_id: 'acct_JfpoXKeiZ-ut9e493gzadw', name: 'Acme Ltd', plan: 'business' },
            },
          }),
          ...errorResponses(401, 403, 429),
          ...errorExample('SESSION_EXPIRED', 'The session has ended (signed out, or unused too long): sign in again.'),
        },
      },
    },
    async (request, reply) => {
      requireCsrfHeader(request);
      const token = await exchangeSession(ctx, sessionCookieOf(request));
      reply.headers(TOKEN_RESPONSE_HEADERS);
      return { message: 'Access token issued.', data: presentConsoleToken(token) };
    },
  );
