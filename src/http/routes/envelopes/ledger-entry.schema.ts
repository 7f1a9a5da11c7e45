import { Type, type Static } from 'typebox';
import { Email, Id, Int, Text, Timestamp } from '../../schema-kit.js';

/** A lowercase hex SHA-256, as every ledger hash is published. */
export const LedgerHash = (description = 'Lowercase hex SHA-256') => Text(64, { pattern: '^[0-9a-f]{64}$', description });

/**
 * One entry of an envelope's hash chain: the object that was hashed (RFC 8785), plus its `entry_hash`; in format 2 the
 * personal keys are hashed through `personal_hash` (docs/concepts/ledger.md "Entry formats").
 */
export const LedgerEntrySchema = Type.Object({
  format: Type.Optional(
    Int(2, 2, { description: 'The entry format: 2 for entries written since erasure came (absent: format 1, which hashes every key)' }),
  ),
  sequence: Int(1, 1_000_000),
  envelope_id: Id('env'),
  activity_type: Text(40, { pattern: '^[A-Z_]+$' }),
  actor: Type.Object({ name: Text(255), email: Type.Union([Email(), Type.Null()]) }),
  description: Text(5000),
  ip_address: Type.Union([Text(64), Type.Null()]),
  user_agent: Type.Union([Text(500), Type.Null()]),
  occurred_at: Timestamp(),
  previous_hash: LedgerHash(),
  personal_salt: Type.Optional(
    Type.Union([Text(32, { pattern: '^[0-9a-f]{32}$' }), Type.Null()], {
      description:
        'Format 2: the salt of `personal_hash`; null once the person was erased (their keys then hold pseudonyms and only the hash remains)',
    }),
  ),
  personal_hash: Type.Optional(
    LedgerHash('Format 2: hex SHA-256 of `personal_salt` followed by the RFC 8785 JSON of `{actor, description, ip_address, user_agent}`'),
  ),
  entry_hash: LedgerHash(),
});

/** An envelope's first ledger entry, for the examples of the routes that publish entries (openapi-examples.ts). */
export const envelopeCreatedEntryExample: Static<typeof LedgerEntrySchema> = {
  sequence: 1,
  envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng',
  activity_type: 'ENVELOPE_CREATED',
  actor: { name: 'Ada Lovelace', email: 'ada@example.com' },
  description:
    'Envelope "Employment contract – Grace Hopper" created with 1 document(s), 2 signer(s) and 1 observer(s); Sequential signing.',
  ip_address: '203.0.113.7',
  user_agent: 'countersign-client/2.0',
  occurred_at: '2026-03-03T09:15:27.000Z',
  previous_hash: '0000000000000000000000000000000000000000000000000000000000000000',
  entry_hash: '8a355fa79a8e98dfa7f656a702a6c98628cf34ce5e15bbdd565eb3f59a8ed489',
};
