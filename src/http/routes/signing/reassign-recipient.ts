import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { reassignRecipient } from '../../../app/signing/reassign-recipient.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { originOf } from '../../request-origin.js';
import { Email, Id, Ok, RequiredText, Strict, Text, errorResponses } from '../../schema-kit.js';
import { SIGNING_SESSION_NOTE, SigningSessionHeaders, requireSigningSession } from './signing-session.js';
import { SigningTokenParams } from './signing.schema.js';

const ReassignBody = Strict({
  name: RequiredText(255, 'RECIPIENT_NAME_REQUIRED', { description: 'Who takes the step over' }),
  email: Email({ description: 'Their address: the invitation goes there; it may not already be a recipient of the envelope' }),
  reason: Type.Optional(Text(1000, { description: 'Why, for the sender, the history and the certificate' })),
});

const Reassigned = Type.Object({ envelope_id: Id('env'), recipient_id: Id('rcp'), name: Text(255), email: Email() });

export const reassignRecipientRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/signing/:signingCode/reassign',
    {
      config: { access: 'public' },
      preHandler: requireSigningSession(ctx),
      schema: {
        operationId: 'reassignRecipient',
        summary: 'Hand this signing step to another person',
        description:
          'Only when the envelope allows it (`allow_reassign`) and it is this recipient’s turn. The step keeps its recipient_id, ' +
          'fields and signing order and takes the new name and address; the new person is invited, the sender told, and this ' +
          'link (and every other link of the old person) answers 409 `RECIPIENT_REASSIGNED` from now on. The new person may hand ' +
          'the step on again; details list the chain under `delegations`. Signing-group members, in-person signers, witnesses and ' +
          'steps checked by SMS cannot hand their step on (403 `REASSIGN_NOT_ALLOWED`); an address that is already a recipient ' +
          'of the envelope is 400 `DUPLICATE_SIGNER`. ' +
          SIGNING_SESSION_NOTE,
        tags: ['Signing'],
        headers: SigningSessionHeaders,
        params: SigningTokenParams,
        body: Example(ReassignBody, {
          name: 'Katherine Johnson',
          email: 'katherine@example.com',
          reason: 'Katherine signs contracts for our team.',
        }),
        response: {
          200: Example(Ok(Reassigned), {
            message: 'Signing step reassigned.',
            data: {
              envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng',
              recipient_id: 'rcp_UoW1cLoq6lSFgGH09C9X3A',
              name: 'Katherine Johnson',
              email: 'katherine@example.com',
            },
          }),
          ...errorResponses(400, 401, 403, 404, 409, 429),
          ...errorExample('REASSIGN_NOT_ALLOWED', 'The sender of this envelope does not allow signers to hand their step to someone else.'),
        },
      },
    },
    async (request) => {
      const { name, email, reason } = request.body;
      const reassigned = await reassignRecipient(
        ctx,
        request.params.signingCode,
        { name, email, ...(reason === undefined ? {} : { reason }) },
        originOf(request),
      );
      return {
        message: 'Signing step reassigned.',
        data: { envelope_id: reassigned.envelopeId, recipient_id: reassigned.recipientId, name: reassigned.name, email: reassigned.email },
      };
    },
  );
