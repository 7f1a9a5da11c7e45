import type { FastifyReply } from 'fastify';
import type { App } from '../../app-type.js';
import { errorResponses } from '../../schema-kit.js';
import { securePage } from './page-security.js';
import { readWebPage } from './web-build.js';

/** The console's own paths (web/src/console/ConsoleRoutes.tsx); the page routes within itself. */
export const CONSOLE_PATHS = [
  '/',
  '/envelopes',
  '/envelopes/:envelopeId',
  '/compose',
  '/templates',
  '/templates/:templateId',
  '/templates/:templateId/send',
  '/bulk-sends',
  '/bulk-sends/:bulkSendId',
  '/settings',
  '/settings/:section',
];

/** The console's page, never cached (it is the same for every path; the token of a reset link's path stays out of caches). */
export const sendConsolePage = async (reply: FastifyReply): Promise<FastifyReply> => {
  const html = await readWebPage('console.html');
  securePage(reply);
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
};

/**
 * `GET /` and the console's paths: one page that signs people in and then uses the public API like
 * any client. Never framed: it acts for a signed-in person, so clickjacking is refused outright.
 */
export const consolePageRoute = (app: App) => {
  for (const path of CONSOLE_PATHS) {
    app.get(
      path,
      {
        schema: {
          hide: true,
          response: {
            200: { description: 'The console', content: { 'text/html': { schema: { type: 'string' } } } },
            ...errorResponses(503),
          },
        },
        config: { access: 'public' },
      },
      async (_request, reply) => sendConsolePage(reply),
    );
  }
};
