import type { AppContext } from '../../../app/context.js';
import { passkeyRegistrationOptions } from '../../../app/passkeys/passkey-registration-options.js';
import { PASSKEYS } from '../../../domain/passkey.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { CreationOptionsResponse } from './passkeys.schema.js';

export const passkeyRegistrationOptionsRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/console/passkeys/options',
    {
      schema: {
        operationId: 'passkeyRegistrationOptions',
        summary: 'Options to create a passkey for the signed-in person',
        description:
          "With a console user's access token. Answers the WebAuthn PublicKeyCredentialCreationOptions (JSON form) for " +
          "navigator.credentials.create(): the relying party is PUBLIC_URL's host name, the challenge is single use and valid " +
          "5 minutes (a person holds at most 5 at once: a newer one replaces the oldest), the person's passkeys are excluded, " +
          'the passkey must be discoverable (`residentKey: required`, so it later signs in without an address) and user ' +
          `verification is preferred. Post the browser's answer to \`POST /console/passkeys\`. At most ${PASSKEYS.maxPerUser} ` +
          "passkeys a person: beyond, 403 PASSKEY_LIMIT_REACHED. An API client's token has no person: 403 ROLE_FORBIDDEN.",
        tags: ['Passkeys'],
        response: {
          200: Example(CreationOptionsResponse, {
            message: 'Create the passkey in the browser, then post its answer.',
            data: {
              challenge: 'wLOKer6Ac4nX3T_wtbo85ROgwwSDX0qCELs2l8kOjA8',
              rp: { name: 'Countersign', id: 'sign.acme.example' },
              user: { id: 'dXNyX1pDUUhST3h1VkxJUXdaWFBMWGp0S1E', name: 'ada@acme.example', displayName: 'Ada Lovelace' },
              pubKeyCredParams: [
                { alg: -8, type: 'public-key' },
                { alg: -7, type: 'public-key' },
                { alg: -257, type: 'public-key' },
              ],
              timeout: 300000,
              attestation: 'none',
              excludeCredentials: [{ id: 'Xq3cT1bH0yV8mW2kR5nJ7w', type: 'public-key', transports: ['internal', 'hybrid'] }],
              authenticatorSelection: { residentKey: 'required', userVerification: 'preferred', requireResidentKey: true },
              extensions: { credProps: true },
              hints: [],
            },
          }),
          ...errorResponses(401, 403, 429),
          ...errorExample('PASSKEY_LIMIT_REACHED', `A person has at most ${PASSKEYS.maxPerUser} passkeys: remove one first.`),
        },
      },
    },
    async (request) => ({
      message: 'Create the passkey in the browser, then post its answer.',
      data: await passkeyRegistrationOptions(ctx, callerOf(request)),
    }),
  );
