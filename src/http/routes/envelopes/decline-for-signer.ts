import type { AppContext } from '../../../app/context.js';
import { declineForSigner } from '../../../app/envelopes/decline-for-signer.js';
import { callerOf, type App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { DeclineBody, DeclinedEnvelope, presentDecline } from './decline-for-signer.schema.js';
import { EnvelopeIdParams } from './envelope-id-params.js';
import { envelopeCreatedEntryExample } from './ledger-entry.schema.js';

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
        body: Example(DeclineBody, { reason: 'The start date is wrong.', signer_email: 'grace@example.com' }),
        response: {
          200: Example(Ok(DeclinedEnvelope, 'Envelope declined'), {
            message: 'Envelope declined successfully.',
            data: {
              envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng',
              activity_type: 'ENVELOPE_DECLINED',
              declined_by: 'Grace Hopper',
              final_block_hash: 'ee839950d18288f132481848f1cf3b66ba031004d1036fc764c3f1babfeecf44',
              block_number: 5812,
              transaction_hash: 'ee839950d18288f132481848f1cf3b66ba031004d1036fc764c3f1babfeecf44',
              smart_contract_address: '7d4009bd8eea99ee18983ef8bad6265276edffe28e83d2bfe6bdaecbc64ad94c',
              wallet_address: '0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0be',
              available_signature_types: ['drawn', 'typed'],
              audit_logs: [
                envelopeCreatedEntryExample,
                {
                  ...envelopeCreatedEntryExample,
                  sequence: 2,
                  activity_type: 'ENVELOPE_DECLINED',
                  actor: { name: 'Grace Hopper', email: 'grace@example.com' },
                  description: 'Grace Hopper declined to sign: The start date is wrong.',
                  occurred_at: '2026-03-03T10:07:02.000Z',
                  previous_hash: '8a355fa79a8e98dfa7f656a702a6c98628cf34ce5e15bbdd565eb3f59a8ed489',
                  entry_hash: 'ee839950d18288f132481848f1cf3b66ba031004d1036fc764c3f1babfeecf44',
                },
              ],
            },
          }),
          ...errorResponses(400, 401, 404, 409, 429),
          ...errorExample('SIGNER_EMAIL_REQUIRED', '2 signers can act on this envelope: give signer_email.', { field: 'signer_email' }),
        },
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
