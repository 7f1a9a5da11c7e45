import type { AppContext } from '../../../app/context.js';
import { declineAsSigner } from '../../../app/signing/decline-as-signer.js';
import type { App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { SIGNING_SESSION_NOTE, SigningSessionHeaders, requireSigningSession } from './signing-session.js';
import { DeclineBody, DeclinedResult, SigningTokenParams, presentSignerDecline } from './signing.schema.js';

export const declineAsSignerRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/signing/:signingCode/decline',
    {
      config: { access: 'public' },
      preHandler: requireSigningSession(ctx),
      schema: {
        operationId: 'declineAsSigner',
        summary: 'Decline to sign as the signer of this token',
        description:
          "The envelope becomes Declined; the sender and the signers already invited are told by e-mail. Unlike the sender's decline operation, the answer does not carry the audit log: it names the other recipients." +
          ' ' +
          SIGNING_SESSION_NOTE,
        tags: ['Signing'],
        headers: SigningSessionHeaders,
        params: SigningTokenParams,
        body: DeclineBody,
        response: { 200: Ok(DeclinedResult), ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => ({
      message: 'Envelope declined.',
      data: presentSignerDecline(await declineAsSigner(ctx, request.params.signingCode, request.body.reason, originOf(request))),
    }),
  );
