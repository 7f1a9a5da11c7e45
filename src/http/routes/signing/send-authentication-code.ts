import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { sendAuthenticationCode } from '../../../app/signing/recipient-authentication.js';
import type { App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, Text, Timestamp, errorResponses } from '../../schema-kit.js';
import { SigningTokenParams } from './signing.schema.js';

const SentCode = Type.Object({
  sent_to: Text(40, { description: 'The phone number the code went to, masked: `+49…1234`' }),
  expires_at: Timestamp({ description: 'The code is valid until then (10 minutes)' }),
  resend_at: Timestamp({ description: 'No other code is sent before then (one a minute)' }),
});

export const sendAuthenticationCodeRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/signing/:signingCode/send_code',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'sendAuthenticationCode',
        summary: 'Send the signer a one-time code by SMS',
        description:
          'For a signer whose authentication method is `sms` (docs/concepts/recipients.md): a 6-digit code goes to their phone number, valid 10 minutes; a new code replaces the previous one. ' +
          'At most one a minute: 429 `CODE_TOO_SOON` with `Retry-After`. A signer with an access code gets 409 `NOT_SMS_AUTHENTICATION`, one without authentication 409 `AUTHENTICATION_NOT_REQUIRED`; a locked-out signer 423 `RECIPIENT_LOCKED`. ' +
          'Needs no signing session and does not spend an embedded token. The SMS leaves through the job queue: a slow provider never holds up this answer.',
        tags: ['Signing'],
        params: SigningTokenParams,
        response: {
          200: Example(Ok(SentCode), {
            message: 'Code sent.',
            data: { sent_to: '+49…1234', expires_at: '2026-03-03T10:12:00.000Z', resend_at: '2026-03-03T10:03:00.000Z' },
          }),
          ...errorResponses(400, 404, 409, 423, 429),
          ...errorExample('CODE_TOO_SOON', 'A code was sent less than a minute ago; ask again in 38 seconds.'),
        },
      },
    },
    async (request) => {
      const sent = await sendAuthenticationCode(ctx, request.params.signingCode, originOf(request));
      return { message: 'Code sent.', data: { sent_to: sent.sentTo, expires_at: sent.expiresAt, resend_at: sent.resendAt } };
    },
  );
