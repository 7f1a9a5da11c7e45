import type { AppContext } from '../../../app/context.js';
import { declineBySigningToken } from '../../../app/signing/decline-signing.js';
import type { App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { DeclineBody, DeclinedResult, SigningTokenParams } from './signing.schema.js';

export const declineBySigningTokenRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/signing/:signingCode/decline',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'declineAsSigner',
        summary: 'Decline to sign as the signer of this token',
        description: 'The envelope becomes Declined; the sender and the signers already invited are told by e-mail. Unlike the sender\'s decline operation, the answer does not carry the audit log: it names the other recipients.',
        tags: ['Signing'],
        params: SigningTokenParams,
        body: DeclineBody,
        response: { 200: Ok(DeclinedResult), ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => {
      const result = await declineBySigningToken(ctx, request.params.signingCode, request.body.reason, originOf(request));
      return {
        message: 'Envelope declined.',
        data: { envelope_id: result.envelope_id, status: 'Declined', declined_by: result.declined_by, block_number: result.block_number, transaction_hash: result.transaction_hash },
      };
    },
  );
