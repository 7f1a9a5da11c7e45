import type { AppContext } from '../../../app/context.js';
import { finishSsoSignIn } from '../../../app/sso/finish-sso-sign-in.js';
import type { App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { setSessionCookie } from '../../session-cookie.js';
import { securePage } from '../pages/page-security.js';
import { signedInPage } from './sso-pages-html.js';
import { clearSsoStateCookie, ssoStateCookieOf } from './sso-state-cookie.js';

/**
 * `GET /console/sso/callback`: where the provider sends the browser back. Signed in: the session
 * cookie and a page that continues to `/`; refused: no session, on to `/?sso_error=<CODE>`, where
 * the sign-in page says why. Either way the sign-in's state is used up. Never a HEAD twin.
 */
export const ssoCallbackPageRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/console/sso/callback',
    { exposeHeadRoute: false, config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const finished = await finishSsoSignIn(ctx, originOf(request), {
        url: new URL(request.url, 'http://callback.invalid'),
        browserState: ssoStateCookieOf(request),
      });
      // no-referrer (securePage): the code in this URL is not passed on to the next page.
      clearSsoStateCookie(ctx, securePage(reply).header('cache-control', 'no-store'));
      if ('refused' in finished) return reply.redirect(`/?sso_error=${finished.refused}`, 303);
      return setSessionCookie(ctx, reply, finished.session.token, finished.session.expiresAt)
        .type('text/html; charset=utf-8')
        .send(signedInPage());
    },
  );
