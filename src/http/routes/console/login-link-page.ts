import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { openLoginLink, type OpenedLink } from '../../../app/users/open-login-link.js';
import type { App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Text } from '../../schema-kit.js';
import { setSessionCookie } from '../../session-cookie.js';
import { securePage } from '../pages/page-security.js';

type Refusal = Extract<OpenedLink, { refused: unknown }>['refused'];

const REFUSALS: Record<Refusal, { status: 403 | 404 | 410; title: string; text: string }> = {
  unknown: {
    status: 404,
    title: 'This sign-in link is not valid',
    text: 'This link is not one Countersign sent, or it was copied incompletely.',
  },
  used: { status: 410, title: 'This sign-in link was already used', text: 'Each sign-in link works once.' },
  expired: { status: 410, title: 'This sign-in link has expired', text: 'Sign-in links work for 15 minutes.' },
  sso_required: {
    status: 403,
    title: 'Sign in with single sign-on',
    text: 'Your organisation now signs you in through its identity provider (SSO_REQUIRED): sign-in links no longer work for you.',
  },
};

/** A page of fixed text only (nothing from the request is echoed), styled by nothing: the strict page CSP holds. */
const refusalPage = ({ title, text }: { title: string; text: string }): string => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Countersign</title></head>
<body>
<main>
<h1>${title}</h1>
<p>${text}</p>
<p><a href="/">Ask for a new sign-in link</a> with your e-mail address, or ask your Countersign administrator for one.</p>
</main>
</body>
</html>
`;

/**
 * `GET /console/login/{token}`: the link of a sign-in mail. A valid link is used up, opens a session
 * and redirects (303) to the console with its cookie; an unknown one answers 404, a used or expired
 * one 410, each with a page saying so. Never a HEAD twin: only opening the link may use it up.
 */
export const loginLinkPageRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/console/login/:token',
    {
      exposeHeadRoute: false,
      schema: {
        hide: true,
        params: Type.Object({ token: Text(200) }),
        response: {
          303: { description: 'Signed in: the session cookie is set; on to the console' },
          403: {
            description: "The user's account enforces single sign-on (SSO_REQUIRED)",
            content: { 'text/html': { schema: { type: 'string' } } },
          },
          404: { description: 'Unknown link', content: { 'text/html': { schema: { type: 'string' } } } },
          410: { description: 'Used or expired link', content: { 'text/html': { schema: { type: 'string' } } } },
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const opened = await openLoginLink(ctx, request.params.token, originOf(request));
      // no-referrer (securePage): the token in this URL is not passed on to the next page.
      securePage(reply).header('cache-control', 'no-store');
      if ('session' in opened) return setSessionCookie(ctx, reply, opened.session.token, opened.session.expiresAt).redirect('/', 303);
      const refusal = REFUSALS[opened.refused];
      return reply.code(refusal.status).type('text/html; charset=utf-8').send(refusalPage(refusal));
    },
  );
