import type { AppContext } from '../../../app/context.js';
import { getEnvelopeDetails } from '../../../app/envelopes/get-envelope-details.js';
import { resendEnvelope } from '../../../app/envelopes/resend-envelope.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { originOf } from '../../request-origin.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { EnvelopeIdParams } from './envelope-id-params.js';
import { EnvelopeDetails, envelopeDetailsExample, presentDetails } from './get-envelope-details.js';

export const resendEnvelopeRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/:envelopeId/resend',
    {
      schema: {
        operationId: 'resendEnvelope',
        summary: 'Put an envelope sent back for correction out for signature again',
        description:
          'Only while the envelope is `Correcting` (else 409 `ENVELOPE_NOT_CORRECTING`). It becomes `Sent` again, or `InProgress` ' +
          'once someone has signed or approved; every recipient whose turn it is gets a fresh invitation (their earlier links ' +
          'work again too, unless a correction changed their address). `returned` is cleared from the details; the history ' +
          'keeps the send-back. Answers the details.',
        tags: ['Envelopes'],
        params: EnvelopeIdParams,
        response: {
          200: Example(Ok(EnvelopeDetails), { message: 'Envelope resent.', data: envelopeDetailsExample }),
          ...errorResponses(400, 401, 404, 409, 429),
          ...errorExample('ENVELOPE_NOT_CORRECTING', 'The envelope is InProgress: only a Correcting envelope is resent.'),
        },
      },
    },
    async (request) => {
      const { accountId, userId } = callerOf(request);
      await resendEnvelope(ctx, { accountId, userId, envelopeId: request.params.envelopeId, origin: originOf(request) });
      return { message: 'Envelope resent.', data: presentDetails(await getEnvelopeDetails(ctx, accountId, request.params.envelopeId)) };
    },
  );
