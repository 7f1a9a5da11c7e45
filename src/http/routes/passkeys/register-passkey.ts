import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { REGISTRATION_FAILED_MESSAGE, registerPasskey } from '../../../app/passkeys/register-passkey.js';
import { PASSKEYS } from '../../../domain/passkey.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Id, Ok, Text, Timestamp, errorResponses } from '../../schema-kit.js';
import { originOf } from '../../request-origin.js';
import { PASSKEY_BODY_LIMIT, RegisterPasskeyBody } from './passkeys.schema.js';

const RegisteredPasskeyResponse = Ok(
  Type.Object({ passkey_id: Id('pky'), name: Text(PASSKEYS.maxNameLength), created_at: Timestamp() }),
  'The passkey is registered: it signs this person in from now on',
);

export const registerPasskeyRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/console/passkeys',
    {
      bodyLimit: PASSKEY_BODY_LIMIT,
      schema: {
        operationId: 'registerPasskey',
        summary: 'Register a passkey for the signed-in person',
        description:
          "With a console user's access token. The body is the browser's RegistrationResponseJSON (what " +
          'navigator.credentials.create() gave for the options of `POST /console/passkeys/options`, through `toJSON()`), with an ' +
          `optional \`name\` (up to ${PASSKEYS.maxNameLength} characters). The answer must carry a challenge of this person's ` +
          "that is still valid (each works once), PUBLIC_URL's origin and host name (the RP ID) and a valid attestation: " +
          'otherwise 400 PASSKEY_REGISTRATION_FAILED, and nothing is stored (the challenge is used up all the same). A ' +
          'credential registered before: 400 PASSKEY_REGISTRATION_FAILED. Recorded in the security log (`passkey_added`). ' +
          `Body at most ${PASSKEY_BODY_LIMIT / 1024} KiB (413 PAYLOAD_TOO_LARGE).`,
        tags: ['Passkeys'],
        body: Example(RegisterPasskeyBody, {
          id: 'Xq3cT1bH0yV8mW2kR5nJ7w',
          rawId: 'Xq3cT1bH0yV8mW2kR5nJ7w',
          type: 'public-key',
          response: {
            clientDataJSON:
              'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoid0xPS2VyNkFjNG5YM1Rfd3Ribzg1Uk9nd3dTRFgwcUNFTHMybDhrT2pBOCIsIm9yaWdpbiI6Imh0dHBzOi8vc2lnbi5hY21lLmV4YW1wbGUifQ',
            attestationObject:
              'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YViUSZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2NdAAAAAAAAAAAAAAAAAAAAAAAAAAAAEF6t3E9W' +
              'x9Mlfy2JKOZ47sOlAQIDJiABIVggm1TdQyG5C1Lc9xbO6q2c0f3JmQ7jR1H8w1VtZ0qkP2QiWCBc0tJ8KZxLwq9nBQz3X7Yd5vF1rHj2uS8pG6mN4eTaAQ',
            transports: ['internal', 'hybrid'],
          },
          authenticatorAttachment: 'platform',
          clientExtensionResults: { credProps: { rk: true } },
          name: 'Work laptop',
        }),
        response: {
          201: Example(RegisteredPasskeyResponse, {
            message: 'Passkey registered.',
            data: { passkey_id: 'pky_4TnWq8ZbR1xYc5LmK2vJ9e', name: 'Work laptop', created_at: '2026-11-21T08:15:32.000Z' },
          }),
          ...errorResponses(400, 401, 403, 413, 429),
          ...errorExample('PASSKEY_REGISTRATION_FAILED', REGISTRATION_FAILED_MESSAGE),
          ...errorExample('PASSKEY_LIMIT_REACHED', `A person has at most ${PASSKEYS.maxPerUser} passkeys: remove one first.`),
        },
      },
    },
    async (request, reply) => {
      const { name, ...response } = request.body;
      const passkey = await registerPasskey(ctx, callerOf(request), originOf(request), {
        response,
        ...(name === undefined ? {} : { name }),
      });
      reply.code(201);
      return {
        message: 'Passkey registered.',
        data: { passkey_id: passkey.id, name: passkey.name, created_at: passkey.createdAt },
      };
    },
  );
