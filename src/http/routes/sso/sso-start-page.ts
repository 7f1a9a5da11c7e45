import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { startSsoSignIn } from '../../../app/sso/start-sso-sign-in.js';
import { AppError } from '../../../domain/app-error.js';
import type { App } from '../../app-type.js';
import { Text } from '../../schema-kit.js';
import { securePage } from '../pages/page-security.js';
import { notConfiguredPage } from './sso-pages-html.js';
import { setSsoStateCookie } from './sso-state-cookie.js';

/** A browser's navigation asks for HTML; a script's call (the console's, a test's) gets the contract's JSON error. */
const wantsHtml = (accept: string | undefined): boolean => /text\/html/.test(accept ?? '');

/**
 * `GET /console/sso/start?email=`: 303 to the identity provider of the account whose e-mail domains
 * hold the address, with the sign-in's `state` in a cookie. No account: 404 SSO_NOT_CONFIGURED (a
 * page saying so for a browser). Never a HEAD twin: each call starts a sign-in.
 */
export const ssoStartPageRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/console/sso/start',
    {
      exposeHeadRoute: false,
      config: { access: 'public' },
      schema: {
        hide: true,
        querystring: Type.Object({ email: Text(320, { 'x-missing-code': 'FIELD_REQUIRED' }) }),
      },
    },
    async (request, reply) => {
      securePage(reply).header('cache-control', 'no-store');
      try {
        const started = await startSsoSignIn(ctx, request.query.email);
        return setSsoStateCookie(ctx, reply, started.state).redirect(started.redirectTo.href, 303);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'SSO_NOT_CONFIGURED' || !wantsHtml(request.headers.accept)) throw error;
        return reply.code(404).type('text/html; charset=utf-8').send(notConfiguredPage());
      }
    },
  );
