import type { AppContext } from '../../../app/context.js';
import type { App } from '../../app-type.js';
import { errorResponses } from '../../schema-kit.js';
import { securePage } from '../pages/page-security.js';
import { readWebPage } from '../pages/web-build.js';
import { SlugParams } from './public-link.schema.js';

/** `GET /p/{slug}`: the public link's page (web/src/public-link); it asks the API what the link offers. Never framed. */
export const publicLinkPageRoute = (app: App, _ctx: AppContext) =>
  app.get(
    '/p/:slug',
    {
      schema: {
        hide: true,
        params: SlugParams,
        response: {
          200: { description: 'The public link page', content: { 'text/html': { schema: { type: 'string' } } } },
          ...errorResponses(503),
        },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      const html = await readWebPage('public-link.html');
      securePage(reply);
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );
