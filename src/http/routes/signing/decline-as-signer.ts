import type { AppContext } from '../../../app/context.js';
import { declineAsSigner } from '../../../app/signing/decline-as-signer.js';
import type { App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Example, errorExample } from '../../openapi-examples.js';
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
        body: Example(DeclineBody, { reason: 'The start date is wrong.' }),
        response: {
          200: Example(Ok(DeclinedResult), {
            message: 'Envelope declined.',
            data: {
              envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng',
              status: 'Declined',
              declined_by: 'Grace Hopper',
              block_number: 5812,
              transaction_hash: 'ee839950d18288f132481848f1cf3b66ba031004d1036fc764c3f1babfeecf44',
            },
          }),
          ...errorResponses(400, 401, 404, 409, 429),
          ...errorExample('ALREADY_SIGNED', 'This signer has already signed the envelope.'),
        },
      },
    },
    async (request) => ({
      message: 'Envelope declined.',
      data: presentSignerDecline(await declineAsSigner(ctx, request.params.signingCode, request.body.reason, originOf(request))),
    }),
  );
