import { Type } from 'typebox';
import { frameAncestorsForBuilderToken } from '../../../app/accounts/frame-ancestors.js';
import type { AppContext } from '../../../app/context.js';
import type { App } from '../../app-type.js';
import { Text, errorResponses } from '../../schema-kit.js';
import { securePage } from './page-security.js';
import { readWebPage } from './web-build.js';

/**
 * `GET /embed/template/{token}` and `GET /embed/compose/{token}`: the embedded builders' page,
 * frameable only by the listed origins of the token's account. Serving it spends nothing: the page
 * itself opens the builder through the API.
 */
export const builderPageRoute = (app: App, ctx: AppContext) => {
  for (const kind of ['template', 'compose'] as const) {
    app.get(
      `/embed/${kind}/:token`,
      {
        schema: {
          hide: true,
          params: Type.Object({ token: Text(200) }),
          response: {
            200: { description: 'The builder page', content: { 'text/html': { schema: { type: 'string' } } } },
            ...errorResponses(503),
          },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const html = await readWebPage('builder.html');
        securePage(reply, await frameAncestorsForBuilderToken(ctx, request.params.token));
        return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
      },
    );
  }
};
