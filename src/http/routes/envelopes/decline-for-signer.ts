import type { AppContext } from '../../../app/context.js';
import { declineForSigner } from '../../../app/envelopes/decline-for-signer.js';
import { callerOf, type App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { DeclineBody, DeclinedEnvelope, presentDecline } from './decline-for-signer.schema.js';
import { EnvelopeIdParams } from './envelope-id-params.js';

export const declineForSignerRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/:envelopeId/decline',
    {
      schema: {
        operationId: 'declineEnvelope',
        summary: "Record a signer's decline; the envelope becomes Declined",
        description: 'The sender and the signers already invited are told by e-mail. The result carries the ledger proof of the decline.',
        tags: ['Envelopes'],
        params: EnvelopeIdParams,
        body: DeclineBody,
        response: { 200: Ok(DeclinedEnvelope, 'Envelope declined'), ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      const result = await declineForSigner(ctx, {
        accountId: callerOf(request).accountId,
        envelopeId: request.params.envelopeId,
        reason: request.body.reason,
        ...(request.body.signer_email === undefined ? {} : { signerEmail: request.body.signer_email }),
        origin: originOf(request),
      });
      return { message: 'Envelope declined successfully.', data: presentDecline(result) };
    },
  );
