import { Type } from 'typebox';
import { frameAncestorsForSigningToken } from '../../../app/accounts/frame-ancestors.js';
import type { AppContext } from '../../../app/context.js';
import type { App } from '../../app-type.js';
import { Text, errorResponses } from '../../schema-kit.js';
import { securePage } from './page-security.js';
import { readWebPage } from './web-build.js';

/** `GET /sign/{token}`: the recipients' signing page, frameable only by the sender's account's listed origins. */
export const signPageRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/sign/:token',
    {
      schema: {
        hide: true,
        params: Type.Object({ token: Text(200) }),
        response: {
          200: { description: 'The signing page', content: { 'text/html': { schema: { type: 'string' } } } },
          ...errorResponses(503),
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const html = await readWebPage('sign.html');
      securePage(reply, await frameAncestorsForSigningToken(ctx, request.params.token));
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );
