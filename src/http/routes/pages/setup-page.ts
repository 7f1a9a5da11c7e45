import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { setupState, type SetupState } from '../../../app/setup/setup-token.js';
import type { App } from '../../app-type.js';
import { Text, errorResponses } from '../../schema-kit.js';
import { securePage } from './page-security.js';
import { readWebPage } from './web-build.js';

const STATUS: Record<SetupState, 200 | 403 | 409> = { open: 200, invalid: 403, completed: 409 };

/** What the page shows, for its script (web/src/setup/setup-state.ts): one of three fixed words, nothing from the request. */
const withState = (html: string, state: SetupState): string =>
  html.replace('</head>', `<meta name="countersign-setup" content="${state}" /></head>`);

/**
 * `GET /setup/{token}`: the first run's page (docs/guide/getting-started.md). The form while the
 * token is one a start printed and there is no account (200); otherwise the same page says the link
 * is not valid (403) or that setup is done, with the way to sign in (409). Never framed.
 */
export const setupPageRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/setup/:token',
    {
      schema: {
        hide: true,
        params: Type.Object({ token: Text(200) }),
        response: {
          ...Object.fromEntries(
            Object.values(STATUS).map((status) => [
              status,
              { description: 'The setup page', content: { 'text/html': { schema: { type: 'string' } } } },
            ]),
          ),
          ...errorResponses(503),
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const state = await setupState(ctx, request.params.token);
      const html = withState(await readWebPage('setup.html'), state);
      securePage(reply);
      return reply.code(STATUS[state]).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );
