import type { AppContext } from '../../../app/context.js';
import { signEnvelope } from '../../../app/signing/sign-envelope.js';
import type { App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { SIGNING_SESSION_NOTE, SigningSessionHeaders, requireSigningSession } from './signing-session.js';
import { SignBody, SignedResult, SigningTokenParams, presentSignature } from './signing.schema.js';

export const signEnvelopeRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/signing/:signingCode/sign',
    {
      config: { access: 'public' },
      preHandler: requireSigningSession(ctx),
      schema: {
        operationId: 'signEnvelope',
        summary: 'Sign as the signer of this token',
        description:
          "Records the consent (with the SHA-256 of the disclosure), the adopted signature and the field values. The last signature starts sealing; the envelope reads InProgress until the sealed file exists. A drawn image over its limits is 400 `IMAGE_TOO_LARGE`; one that is not a PNG sealing can embed is 400 `INVALID_SIGNATURE`. An embedded token is spent by this call whatever its outcome. Fields hidden by their `show_if` conditions (evaluated on the submitted values, as the page does) are neither required nor stored; a radio value must be one of its options. When the sender left this signer's witness to be named at signing (`names_witness` in the view), `witness` {name, email} is required (else 400 `WITNESS_REQUIRED`; given to any other signer it is 400 `INVALID_FIELD`). An approver or viewer calling this is 409 `NOT_A_SIGNER`; a member of a signing group that already has its signatures is 409 `GROUP_COMPLETE`. `all_signed` is true when this signature completed the last step of the envelope." +
          ' ' +
          SIGNING_SESSION_NOTE,
        tags: ['Signing'],
        headers: SigningSessionHeaders,
        params: SigningTokenParams,
        body: Example(SignBody, {
          consent: true,
          signature: { type: 'typed', text: 'Grace Hopper' },
          fields: [{ field_id: 'fld_N4bV7cX0zL3kJ6hG9fD2sa', value: '2026-04-01' }],
        }),
        response: {
          200: Example(Ok(SignedResult), {
            message: 'Document signed successfully.',
            data: {
              envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng',
              status: 'InProgress',
              signer: { name: 'Grace Hopper', email: 'grace@example.com', status: 'Signed', signed_at: '2026-03-03T10:05:40.000Z' },
              all_signed: false,
            },
          }),
          ...errorResponses(400, 401, 404, 409, 413, 429),
          ...errorExample('NOT_YOUR_TURN', "It is not this signer's turn to sign yet."),
          ...errorExample('WITNESS_REQUIRED', 'Name the witness of this signature: witness {name, email}.'),
        },
      },
    },
    async (request) => ({
      message: 'Document signed successfully.',
      data: presentSignature(await signEnvelope(ctx, request.params.signingCode, request.body, originOf(request))),
    }),
  );
