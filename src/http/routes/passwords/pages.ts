import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import type { App } from '../../app-type.js';
import { errorResponses, Text } from '../../schema-kit.js';
import { sendConsolePage } from '../pages/console-page.js';
import type { RouteModule } from '../route-module.js';

/**
 * `GET /console/reset/{token}`: the mailed reset link opens the console, which shows the "choose a new
 * password" form for this path. Reading the page uses nothing up (mail scanners open links): only the
 * form's post does. no-referrer (securePage) and no-store keep the token in this URL from going further.
 */
const passwordResetPageRoute = (app: App, _ctx: AppContext) =>
  app.get(
    '/console/reset/:token',
    {
      schema: {
        hide: true,
        params: Type.Object({ token: Text(200) }),
        response: {
          200: { description: 'The console, showing the reset form', content: { 'text/html': { schema: { type: 'string' } } } },
          ...errorResponses(503),
        },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => sendConsolePage(reply),
  );

/** The password reset link's page outside /api: `/console/reset/{token}`. */
export const passwordPageRoutes: RouteModule[] = [passwordResetPageRoute];
