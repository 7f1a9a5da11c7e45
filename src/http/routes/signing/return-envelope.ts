import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { returnEnvelope } from '../../../app/signing/return-envelope.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { originOf } from '../../request-origin.js';
import { Id, Ok, RequiredText, Strict, Text, Timestamp, errorResponses } from '../../schema-kit.js';
import { SIGNING_SESSION_NOTE, SigningSessionHeaders, requireSigningSession } from './signing-session.js';
import { SigningTokenParams } from './signing.schema.js';

const ReturnBody = Strict({
  comment: RequiredText(1000, 'RETURN_COMMENT_REQUIRED', {
    description: 'What the sender should correct; mailed to them and kept in the history',
  }),
});

const Returned = Type.Object({ envelope_id: Id('env'), status: Text(16), returned_at: Timestamp() });

export const returnEnvelopeRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/signing/:signingCode/return',
    {
      config: { access: 'public' },
      preHandler: requireSigningSession(ctx),
      schema: {
        operationId: 'returnEnvelope',
        summary: 'Send the envelope back to its sender for correction',
        description:
          'By a recipient whose turn it is. The envelope becomes `Correcting`: every signing call answers 409 `ENVELOPE_NOT_ACTIVE` ' +
          'until the sender corrects it (`POST /envelopes/{envelopeId}/correct`) and resends it (`POST /envelopes/{envelopeId}/resend`). ' +
          'The sender and the other recipients who were invited and have not acted are told by e-mail; the due date still runs. ' +
          SIGNING_SESSION_NOTE,
        tags: ['Signing'],
        headers: SigningSessionHeaders,
        params: SigningTokenParams,
        body: Example(ReturnBody, { comment: 'The start date on page 2 should be 1 April, not 1 March.' }),
        response: {
          200: Example(Ok(Returned), {
            message: 'Envelope sent back to its sender.',
            data: { envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng', status: 'Correcting', returned_at: '2026-03-04T11:20:00.000Z' },
          }),
          ...errorResponses(400, 401, 404, 409, 429),
          ...errorExample(
            'ENVELOPE_NOT_ACTIVE',
            'The envelope is Correcting: it was sent back to its sender and cannot be signed until it is resent.',
          ),
        },
      },
    },
    async (request) => {
      const returned = await returnEnvelope(ctx, request.params.signingCode, request.body.comment, originOf(request));
      return {
        message: 'Envelope sent back to its sender.',
        data: { envelope_id: returned.envelopeId, status: returned.status, returned_at: returned.returnedAt },
      };
    },
  );
