import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { authenticateRecipient } from '../../../app/signing/recipient-authentication.js';
import type { App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, Strict, Text, Timestamp, errorResponses } from '../../schema-kit.js';
import { SigningTokenParams } from './signing.schema.js';

const AuthenticateBody = Strict({
  code: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'The access code the sender gave the signer, or the 6-digit code sent by SMS',
  }),
});

const OpenedSession = Type.Object({
  signing_session: Text(200, { description: 'Send it as the `Countersign-Signing-Session` header on every later signing call' }),
  expires_at: Timestamp({ description: 'The session ends then (1 hour); authenticate again afterwards' }),
});

export const authenticateRecipientRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/signing/:signingCode/authenticate',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'authenticateRecipient',
        summary: 'Authenticate the signer with their access code or SMS code',
        description:
          'Opens a signing session of one hour (docs/concepts/recipients.md). A wrong code is 401 `INVALID_CODE` (the message says how many attempts are left); ' +
          'the fifth wrong code in a row locks the signer for 15 minutes: 423 `RECIPIENT_LOCKED` with `Retry-After`, whatever the code. ' +
          'Attempts are counted before the code is checked, so parallel guesses cannot exceed five. No SMS code sent, or an expired one: 401 `CODE_EXPIRED` (not counted). ' +
          'A signer without authentication gets 409 `AUTHENTICATION_NOT_REQUIRED`. Does not spend an embedded token. Recorded in the ledger (`RECIPIENT_AUTHENTICATED`, `RECIPIENT_AUTHENTICATION_FAILED`, `RECIPIENT_LOCKED`).',
        tags: ['Signing'],
        params: SigningTokenParams,
        body: Example(AuthenticateBody, { code: '482913' }),
        response: {
          200: Example(Ok(OpenedSession), {
            message: 'Signer authenticated.',
            data: { signing_session: 'cs_ss_OW1DCMplk1_YpkeMl79KwQ_bPgOT2UM0bayeptUq2kA', expires_at: '2026-03-03T11:02:00.000Z' },
          }),
          ...errorResponses(400, 401, 404, 409, 423, 429),
          ...errorExample('INVALID_CODE', 'The code is wrong: 4 attempts left before a 15-minute lock-out.'),
        },
      },
    },
    async (request) => {
      const opened = await authenticateRecipient(ctx, request.params.signingCode, request.body.code, originOf(request));
      return { message: 'Signer authenticated.', data: { signing_session: opened.signingSession, expires_at: opened.expiresAt } };
    },
  );
