import { Type } from 'typebox';
import { declineForSigner } from '../../../app/envelopes/decline-envelope.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Email, Id, Int, List, Ok, RequiredText, Strict, Text, errorResponses } from '../../schema-kit.js';
import { EnvelopeIdParams } from './envelope-id-params.js';
import { LedgerEntrySchema, LedgerHash } from './ledger-entry.schema.js';

const DeclineBody = Strict({
  reason: RequiredText(1000, 'DECLINE_REASON_REQUIRED'),
  signer_email: Type.Optional(Email({ description: 'The declining signer; may be omitted when exactly one signer can still act' })),
});

const DeclinedEnvelope = Ok(
  Type.Object({
    envelope_id: Id('env'),
    activity_type: Text(40, { pattern: '^[A-Z_]+$' }),
    declined_by: Text(255, { description: "The declining signer's name" }),
    final_block_hash: LedgerHash("The envelope chain's head after the entry"),
    block_number: Int(1, Number.MAX_SAFE_INTEGER, { description: "The entry's position in the service-wide log" }),
    transaction_hash: LedgerHash("The entry's hash"),
    smart_contract_address: LedgerHash("Hex SHA-256 of the ledger's Ed25519 public key"),
    wallet_address: Text(42, { pattern: '^0x[0-9a-f]{40}$', description: 'A stable pseudonymous id of the declining signer' }),
    available_signature_types: List(Text(16, { enum: ['drawn', 'typed'] }), 2),
    audit_logs: List(LedgerEntrySchema, 10_000, { description: 'The envelope\'s ledger entries, as audit_logs.entries' }),
  }),
  'Envelope declined',
);

export const declineEnvelopeRoute = (app: App, ctx: AppContext) =>
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
        response: { 200: DeclinedEnvelope, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      const data = await declineForSigner(ctx, {
        accountId: callerOf(request).accountId,
        envelopeId: request.params.envelopeId,
        reason: request.body.reason,
        ...(request.body.signer_email === undefined ? {} : { signerEmail: request.body.signer_email }),
        origin: originOf(request),
      });
      return { message: 'Envelope declined successfully.', data };
    },
  );
