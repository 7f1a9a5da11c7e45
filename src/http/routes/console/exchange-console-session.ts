import type { AppContext } from '../../../app/context.js';
import { exchangeSession } from '../../../app/users/console-token.js';
import type { App } from '../../app-type.js';
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
          'role) and `account` (id, name, plan), for the console to show. No refresh token: exchange the session again. ' +
          "Each exchange restarts the session's 12-hour idle timeout; a session lasts 7 days at most. 401 SESSION_REQUIRED " +
          'without a known session, 401 SESSION_EXPIRED once it has ended.',
        tags: ['Console sign-in'],
        security: [{ consoleSession: [] }],
        headers: CsrfHeader,
        response: { 200: ConsoleTokenResponse, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      requireCsrfHeader(request);
      const token = await exchangeSession(ctx, sessionCookieOf(request));
      reply.headers(TOKEN_RESPONSE_HEADERS);
      return { message: 'Access token issued.', data: presentConsoleToken(token) };
    },
  );
