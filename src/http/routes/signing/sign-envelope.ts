import type { AppContext } from '../../../app/context.js';
import { signEnvelope } from '../../../app/signing/sign-envelope.js';
import type { App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
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
          'Records the consent (with the SHA-256 of the disclosure), the adopted signature and the field values. The last signature starts sealing; the envelope reads InProgress until the sealed file exists. A drawn image over its limits is 400 `IMAGE_TOO_LARGE`; one that is not a PNG sealing can embed is 400 `INVALID_SIGNATURE`. An embedded token is spent by this call whatever its outcome.' +
          ' ' +
          SIGNING_SESSION_NOTE,
        tags: ['Signing'],
        headers: SigningSessionHeaders,
        params: SigningTokenParams,
        body: SignBody,
        response: { 200: Ok(SignedResult), ...errorResponses(400, 401, 404, 409, 413, 429) },
      },
    },
    async (request) => ({
      message: 'Document signed successfully.',
      data: presentSignature(await signEnvelope(ctx, request.params.signingCode, request.body, originOf(request))),
    }),
  );
