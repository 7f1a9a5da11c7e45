import { Type, type Static } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import type { EnvelopeCorrection } from '../../../app/corrections/correction-request.js';
import { correctEnvelope } from '../../../app/envelopes/correct-envelope.js';
import { getEnvelopeDetails } from '../../../app/envelopes/get-envelope-details.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { originOf } from '../../request-origin.js';
import { Email, Id, Int, List, Ok, Strict, Text, Timestamp, errorResponses } from '../../schema-kit.js';
import {
  AuthenticationSchema,
  FieldSchema,
  RecipientLanguage,
  SignerSchema,
  toAuthenticationInput,
  toSignerInput,
} from './envelope.schema.js';
import { EnvelopeIdParams } from './envelope-id-params.js';
import { EnvelopeDetails, envelopeDetailsExample, presentDetails } from './get-envelope-details.js';

const RecipientCorrection = Strict({
  recipient_id: Id('rcp'),
  name: Type.Optional(Text(255, { minLength: 1 })),
  email: Type.Optional(
    Email({ description: 'A new address: the old links die (404) and, when it is their turn, a new invitation goes here' }),
  ),
  country_code: Type.Optional(Int(1, 9999)),
  phone_number: Type.Optional(Text(32, { pattern: '^[0-9 ()+-]{3,32}$' })),
  authentication: Type.Optional(AuthenticationSchema),
  language: Type.Optional(RecipientLanguage),
});

const CorrectBody = Strict({
  recipients: Type.Optional(
    List(RecipientCorrection, 100, {
      description: 'Recipients who have not signed, approved or declined; others: 409 `RECIPIENT_ALREADY_ACTED`',
    }),
  ),
  add_signers: Type.Optional(
    List(SignerSchema, 50, {
      description:
        'Signer entries as at creation, at later steps only: a `signing_order` above every step that has started (else 400 `INVALID_SIGNING_ORDER`); ' +
        "without one they follow the last step, in the order given. Roles, hosts and fields are checked as at creation; a witness's `witness_for` " +
        'may name a signer already on the envelope by `recipient_id`. Signing groups are added at creation only (400 `INVALID_SIGNING_GROUP`)',
    }),
  ),
  remove_recipients: Type.Optional(
    List(Id('rcp'), 100, { description: 'Recipients who have not acted; at least one signer must stay (400 `NO_SIGNERS_LEFT`)' }),
  ),
  fields: Type.Optional(
    List(Strict({ recipient_id: Id('rcp'), fields: List(FieldSchema, 200) }), 50, {
      description:
        'Replaces every field of a recipient who has not acted, placed as at creation; names and `show_if` are checked over the whole envelope',
    }),
  ),
  signing_due_date: Type.Optional(
    Timestamp({ 'x-invalid-code': 'INVALID_DUE_DATE', description: 'A new due instant (ISO 8601, in the future)' }),
  ),
});

const toCorrection = (body: Static<typeof CorrectBody>): EnvelopeCorrection => ({
  ...(body.recipients && {
    recipients: body.recipients.map((change) => ({
      recipientId: change.recipient_id,
      ...(change.name !== undefined && { name: change.name }),
      ...(change.email !== undefined && { email: change.email }),
      ...(change.country_code !== undefined && { countryCode: change.country_code }),
      ...(change.phone_number !== undefined && { phoneNumber: change.phone_number }),
      ...(change.authentication && { authentication: toAuthenticationInput(change.authentication) }),
      ...(change.language !== undefined && { language: change.language }),
    })),
  }),
  ...(body.add_signers && { addSigners: body.add_signers.map(toSignerInput) }),
  ...(body.remove_recipients && { removeRecipients: body.remove_recipients }),
  ...(body.fields && { fields: body.fields.map((change) => ({ recipientId: change.recipient_id, fields: change.fields })) }),
  ...(body.signing_due_date !== undefined && { signingDueDate: body.signing_due_date }),
});

export const correctEnvelopeRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/:envelopeId/correct',
    {
      schema: {
        operationId: 'correctEnvelope',
        summary: 'Correct an envelope after sending it',
        description:
          'While the envelope is Sent, InProgress or Correcting (else 409 `ENVELOPE_NOT_ACTIVE`). Any of the parts, at least one ' +
          '(else 400 `NOTHING_TO_UPDATE`); every problem is answered at once and nothing changes unless everything can. A changed ' +
          'e-mail kills that recipient’s links (they answer 404) and sends a new invitation to the new address when it is their turn; ' +
          'the sender is not mailed. Each change is one `ENVELOPE_CORRECTED` history entry and one sentence of the ' +
          '`envelope.corrected` webhook. After removals and additions whoever’s turn it now is gets invited, and an envelope whose every ' +
          'remaining step is done is completed. While Correcting, nobody is invited until the resend. Answers the details.',
        tags: ['Envelopes'],
        params: EnvelopeIdParams,
        body: Example(CorrectBody, {
          recipients: [{ recipient_id: 'rcp_eMkHVN4mVx7vifgfzbNogA', email: 'ada.lovelace@example.com' }],
          signing_due_date: '2026-04-16T09:00:00.000Z',
        }),
        response: {
          200: Example(Ok(EnvelopeDetails), { message: 'Envelope corrected.', data: envelopeDetailsExample }),
          ...errorResponses(400, 401, 404, 409, 429),
          ...errorExample('RECIPIENT_ALREADY_ACTED', 'Grace Hopper is Signed: only recipients who have not acted can be corrected.', {
            field: 'recipients[0].recipient_id',
          }),
        },
      },
    },
    async (request) => {
      const { accountId, userId } = callerOf(request);
      const envelopeId = request.params.envelopeId;
      await correctEnvelope(ctx, { accountId, userId, envelopeId, correction: toCorrection(request.body), origin: originOf(request) });
      return { message: 'Envelope corrected.', data: presentDetails(await getEnvelopeDetails(ctx, accountId, envelopeId)) };
    },
  );
