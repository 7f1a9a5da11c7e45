import type { AppContext } from '../../../app/context.js';
import { passkeySignInOptions } from '../../../app/passkeys/passkey-sign-in-options.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { RequestOptionsResponse } from './passkeys.schema.js';

export const passkeySignInOptionsRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/console/passkey_sign_in/options',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'passkeySignInOptions',
        summary: 'Options to sign in to the console with a passkey',
        description:
          'Public, no `app_auth_type` header, no body. Answers the WebAuthn PublicKeyCredentialRequestOptions (JSON form) for ' +
          "navigator.credentials.get(): PUBLIC_URL's host name as the RP ID, a challenge that works once within 5 minutes, " +
          'preferred user verification and no `allowCredentials`: the browser offers the passkeys of this site it holds, so ' +
          'no address is typed and the answer tells nothing about who has passkeys. Post the assertion to ' +
          '`POST /console/passkey_sign_in`. The per-address limit of unauthenticated calls applies.',
        tags: ['Console sign-in'],
        response: {
          200: Example(RequestOptionsResponse, {
            message: 'Choose a passkey in the browser, then post its answer.',
            data: {
              rpId: 'sign.acme.example',
              challenge: 'kwvrYrSn-hMYAPYirEJx-OpOkyBQgV69KUeCSUTUjVg',
              timeout: 300000,
              userVerification: 'preferred',
            },
          }),
          ...errorResponses(429),
          ...errorExample('RATE_LIMITED', 'Too many requests: at most 120 a minute. Retry in 1 minute.'),
        },
      },
    },
    async () => ({ message: 'Choose a passkey in the browser, then post its answer.', data: await passkeySignInOptions(ctx) }),
  );
