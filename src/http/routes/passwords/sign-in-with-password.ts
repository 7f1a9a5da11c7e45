import type { AppContext } from '../../../app/context.js';
import {
  INVALID_PASSWORD_SIGN_IN_MESSAGE,
  SSO_REQUIRED_MESSAGE,
  signInWithPassword,
} from '../../../app/passwords/sign-in-with-password.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { originOf } from '../../request-origin.js';
import { errorResponses } from '../../schema-kit.js';
import { setSessionCookie } from '../../session-cookie.js';
import { EmptyOk, PasswordSignInBody } from './passwords.schema.js';

export const signInWithPasswordRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/console/sign_in',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'signInWithPassword',
        summary: 'Sign in to the console with e-mail and password',
        description:
          'Public, no `app_auth_type` header. The right pair answers 200 and sets the `countersign_session` cookie (as a ' +
          'sign-in link does), so the browser continues to the console at `/`. A wrong pair is 401 INVALID_CREDENTIALS: the ' +
          "same answer, after the same password-hashing work, for an address that is nobody's or a user who has no password " +
          'yet. Ten failures for one address within 15 minutes lock that address for 15 minutes, whether or not a user has ' +
          'it: every call then answers 423 USER_LOCKED with `Retry-After`, even with the right password (a password reset ' +
          'by e-mail lifts the lock). A user whose account enforces single sign-on gets 403 SSO_REQUIRED once the password ' +
          'is right (never the owner). The per-address limit of unauthenticated calls applies too. Recorded in the ' +
          "security log: `sign_in` (method `password`), `sign_in_failed` and `user_locked` for an address that is a user's.",
        tags: ['Console sign-in'],
        body: Example(PasswordSignInBody, { email: 'ada@acme.example', password: 'copper kettle orbit lantern' }),
        response: {
          200: Example(EmptyOk('Signed in: the session cookie is set'), { message: 'Signed in.', data: {} }),
          ...errorResponses(400, 401, 403, 423, 429),
          ...errorExample('INVALID_CREDENTIALS', INVALID_PASSWORD_SIGN_IN_MESSAGE),
          ...errorExample(
            'USER_LOCKED',
            'Too many failed sign-ins for this address: it is locked until 2026-11-21T08:30:00.000Z. Wait, or reset the ' +
              'password by e-mail (the link works during the lock too).',
          ),
          ...errorExample('SSO_REQUIRED', SSO_REQUIRED_MESSAGE),
        },
      },
    },
    async (request, reply) => {
      const session = await signInWithPassword(ctx, { ...request.body, origin: originOf(request) });
      setSessionCookie(ctx, reply, session.token, session.expiresAt);
      return { message: 'Signed in.', data: {} };
    },
  );
