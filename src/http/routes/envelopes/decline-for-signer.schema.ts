import { Type } from 'typebox';
import type { DeclineResult } from '../../../app/envelopes/record-decline.js';
import { Email, Id, Int, List, RequiredText, Strict, Text } from '../../schema-kit.js';
import { LedgerEntrySchema, LedgerHash } from './ledger-entry.schema.js';

/** The signature types a signer may adopt on the signing page (docs/concepts/signing.md). */
const SIGNATURE_TYPES = ['drawn', 'typed'] as const;

export const DeclineBody = Strict({
  reason: RequiredText(1000, 'DECLINE_REASON_REQUIRED'),
  signer_email: Type.Optional(Email({ description: 'The declining signer; may be omitted when exactly one signer can still act' })),
});

export const DeclinedEnvelope = Type.Object({
  envelope_id: Id('env'),
  activity_type: Text(40, { pattern: '^[A-Z_]+$' }),
  declined_by: Text(255, { description: "The declining signer's name" }),
  final_block_hash: LedgerHash("The envelope chain's head after the entry"),
  block_number: Int(1, Number.MAX_SAFE_INTEGER, { description: "The entry's position in the service-wide log" }),
  transaction_hash: LedgerHash("The entry's hash"),
  smart_contract_address: LedgerHash("Hex SHA-256 of the ledger's Ed25519 public key"),
  wallet_address: Text(42, { pattern: '^0x[0-9a-f]{40}$', description: 'A stable pseudonymous id of the declining signer' }),
  available_signature_types: List(Text(16, { enum: [...SIGNATURE_TYPES] }), 2),
  audit_logs: List(LedgerEntrySchema, 10_000, { description: "The envelope's ledger entries, as audit_logs.entries" }),
});

export const presentDecline = (result: DeclineResult) => ({
  envelope_id: result.envelopeId,
  // A signing group's member whose group can still reach its signatures declines only themselves.
  activity_type: result.envelopeStatus === 'Declined' ? ('ENVELOPE_DECLINED' as const) : ('RECIPIENT_DECLINED' as const),
  declined_by: result.signer.name,
  final_block_hash: result.entryHash,
  block_number: result.blockNumber,
  transaction_hash: result.entryHash,
  smart_contract_address: result.ledgerKeyFingerprint,
  wallet_address: result.walletAddress,
  available_signature_types: [...SIGNATURE_TYPES],
  audit_logs: result.auditLogs,
});
