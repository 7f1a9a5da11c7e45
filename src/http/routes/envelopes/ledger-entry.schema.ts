import { Type } from 'typebox';
import { Email, Id, Int, Text, Timestamp } from '../../schema-kit.js';

/** A lowercase hex SHA-256, as every ledger hash is published. */
export const LedgerHash = (description = 'Lowercase hex SHA-256') => Text(64, { pattern: '^[0-9a-f]{64}$', description });

/** One entry of an envelope's hash chain: the object that was hashed (RFC 8785), plus its `entry_hash`. */
export const LedgerEntrySchema = Type.Object({
  sequence: Int(1, 1_000_000),
  envelope_id: Id('env'),
  activity_type: Text(40, { pattern: '^[A-Z_]+$' }),
  actor: Type.Object({ name: Text(255), email: Type.Union([Email(), Type.Null()]) }),
  description: Text(5000),
  ip_address: Type.Union([Text(64), Type.Null()]),
  user_agent: Type.Union([Text(500), Type.Null()]),
  occurred_at: Timestamp(),
  previous_hash: LedgerHash(),
  entry_hash: LedgerHash(),
});
