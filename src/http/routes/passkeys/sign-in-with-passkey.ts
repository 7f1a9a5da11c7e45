import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { PASSKEY_SIGN_IN_FAILED_MESSAGE, SSO_REQUIRED_MESSAGE, signInWithPasskey } from '../../../app/passkeys/sign-in-with-passkey.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Id, Ok, errorResponses } from '../../schema-kit.js';
import { originOf } from '../../request-origin.js';
import { setSessionCookie } from '../../session-cookie.js';
import { PASSKEY_BODY_LIMIT, PasskeySignInBody } from './passkeys.schema.js';

const SignedInResponse = Ok(
  Type.Object({ user_id: Id('usr'), account_id: Id('acct') }),
  'Signed in: the `countersign_session` cookie is set; exchange it at `POST /console/token`',
);

export const signInWithPasskeyRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/console/passkey_sign_in',
    {
      config: { access: 'public' },
      bodyLimit: PASSKEY_BODY_LIMIT,
      schema: {
        operationId: 'signInWithPasskey',
        summary: 'Sign in to the console with a passkey',
        description:
          "Public, no `app_auth_type` header. The body is the browser's AuthenticationResponseJSON (what " +
          'navigator.credentials.get() gave for the options of `POST /console/passkey_sign_in/options`, through `toJSON()`). ' +
          "It must answer a challenge of those options that is still valid and unused, from PUBLIC_URL's origin and RP ID, " +
          'signed by a registered passkey whose signature counter advanced (an authenticator that keeps no counter reports ' +
          '0 every time; any other must report more than the last time, or the passkey may have been copied). Then the ' +
          "passkey's user is signed in: the answer sets the `countersign_session` cookie, as a sign-in link does, and names " +
          "the user and account. Every refusal answers alike, 401 PASSKEY_SIGN_IN_FAILED; the account's security log says " +
          'why (`sign_in_failed`, method `passkey`). A user whose account enforces single sign-on: 403 SSO_REQUIRED (the ' +
          'owner excepted). The per-address limit of unauthenticated calls applies; ' +
          `body at most ${PASSKEY_BODY_LIMIT / 1024} KiB (413 PAYLOAD_TOO_LARGE).`,
        tags: ['Console sign-in'],
        body: Example(PasskeySignInBody, {
          id: 'Xq3cT1bH0yV8mW2kR5nJ7w',
          rawId: 'Xq3cT1bH0yV8mW2kR5nJ7w',
          type: 'public-key',
          response: {
            clientDataJSON:
              'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoia3d2cllyU24taE1ZQVBZaXJFSngtT3BPa3lCUWdWNjlLVWVDU1VUVWpWZyIsIm9yaWdpbiI6Imh0dHBzOi8vc2lnbi5hY21lLmV4YW1wbGUifQ',
            authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
            signature: 'MEUCIQDv4xq1bT3nP9r0K8cWm2zY6hLdE5uJ7aS1fQ0gX3yN4wIgV8bC2mR5tK1pL9nQ7wE3xZ6aH0jD4sF2uY8iO5cT1vM',
            userHandle: 'dXNyX1pDUUhST3h1VkxJUXdaWFBMWGp0S1E',
          },
          authenticatorAttachment: 'platform',
          clientExtensionResults: {},
        }),
        response: {
          200: Example(SignedInResponse, {
            message: 'Signed in.',
            data: { user_id: 'usr_ZCQHROxuVLIQwZXPLXjtKQ', account_id: 'acct_JfpoXKeiZ-ut9e493gzadw' },
          }),
          ...errorResponses(400, 401, 403, 413, 429),
          ...errorExample('PASSKEY_SIGN_IN_FAILED', PASSKEY_SIGN_IN_FAILED_MESSAGE),
          ...errorExample('SSO_REQUIRED', SSO_REQUIRED_MESSAGE),
        },
      },
    },
    async (request, reply) => {
      const signedIn = await signInWithPasskey(ctx, originOf(request), request.body);
      setSessionCookie(ctx, reply, signedIn.session.token, signedIn.session.expiresAt);
      return { message: 'Signed in.', data: { user_id: signedIn.userId, account_id: signedIn.accountId } };
    },
  );
