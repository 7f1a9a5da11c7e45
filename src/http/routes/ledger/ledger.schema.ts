import { Type } from 'typebox';
import { Int, Ok, Text, Timestamp } from '../../schema-kit.js';

const Hex64 = Text(64, { pattern: '^[0-9a-f]{64}$' });

/** The tree head exactly as signed: its keys are part of the signed bytes (API.md §6), so the use case's answer is sent as is. */
const SignedTreeHead = Type.Object({
  tree_size: Int(0, Number.MAX_SAFE_INTEGER, { description: 'Entries in the service-wide log' }),
  root_hash: { ...Hex64, description: 'RFC 6962 Merkle root of every entry hash, in block order' },
  timestamp: Timestamp(),
  signature: Text(100, {
    description: 'Base64 Ed25519 signature over the RFC 8785 JSON of {tree_size, root_hash, timestamp}',
    pattern: '^[A-Za-z0-9+/=]+$',
  }),
  public_key: Text(60, { description: "Base64 of the ledger's raw 32-byte Ed25519 public key", pattern: '^[A-Za-z0-9+/=]+$' }),
});

export const LedgerHeadBody = Ok(SignedTreeHead);
