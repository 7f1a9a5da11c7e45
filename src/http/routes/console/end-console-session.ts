import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { endConsoleSession } from '../../../app/users/end-console-session.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { clearSessionCookie, requireCsrfHeader, sessionCookieOf } from '../../session-cookie.js';
import { CsrfHeader } from './console.schema.js';

export const endConsoleSessionRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/console/logout',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'endConsoleSession',
        summary: 'Sign out of the console',
        description:
          'Ends the session of the `countersign_session` cookie, and every access token it was exchanged for, and clears the ' +
          'cookie. Needs the header `X-Requested-With: countersign-console` (403 CSRF_HEADER_REQUIRED). Without a session it ' +
          'still answers 200: there is nothing left to end.',
        tags: ['Console sign-in'],
        security: [{ consoleSession: [] }],
        headers: CsrfHeader,
        response: {
          200: Example(Ok(Type.Object({})), { message: 'Signed out.', data: {} }),
          ...errorResponses(403, 429),
          ...errorExample('CSRF_HEADER_REQUIRED', "Send the header X-Requested-With: countersign-console (the console's script does)."),
        },
      },
    },
    async (request, reply) => {
      requireCsrfHeader(request);
      await endConsoleSession(ctx, sessionCookieOf(request));
      clearSessionCookie(ctx, reply);
      return { message: 'Signed out.', data: {} };
    },
  );
