import { Type } from 'typebox';
import { remindSigner } from '../../../app/envelopes/remind-signer.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Email, Ok, Strict, errorResponses } from '../../schema-kit.js';
import { EnvelopeIdParams } from './envelope-id-params.js';

export const RemindBody = Strict({ signer_email: Email({ 'x-missing-code': 'SIGNER_EMAIL_REQUIRED' }) });

export const remindSignerRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/:envelopeId/remind_signer',
    {
      schema: {
        operationId: 'remindSigner',
        summary: 'E-mail a reminder to a signer whose turn it is',
        description: 'At most one manual reminder per signer per hour (429 REMINDER_TOO_SOON with Retry-After).',
        tags: ['Envelopes'],
        params: EnvelopeIdParams,
        body: Example(RemindBody, { signer_email: 'grace@example.com' }),
        response: {
          200: Example(Ok(Type.Object({})), { message: 'Reminder email sent.', data: {} }),
          ...errorResponses(400, 401, 404, 409, 429),
          ...errorExample('REMINDER_TOO_SOON', 'This signer was reminded less than an hour ago; try again in 1740 seconds.', {
            field: 'signer_email',
          }),
        },
      },
    },
    async (request) => {
      await remindSigner(ctx, {
        accountId: callerOf(request).accountId,
        userId: callerOf(request).userId,
        envelopeId: request.params.envelopeId,
        signerEmail: request.body.signer_email,
      });
      return { message: 'Reminder email sent.', data: {} };
    },
  );
