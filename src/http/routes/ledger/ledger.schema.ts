import { Type } from 'typebox';
import { Int, List, Ok, Strict, Text, Timestamp } from '../../schema-kit.js';

const Hex64 = Text(64, { pattern: '^[0-9a-f]{64}$' });
const Base64 = (maxLength: number, description: string) => Text(maxLength, { description, pattern: '^[A-Za-z0-9+/=]+$' });
const TreeSize = (description: string, options: Record<string, unknown> = {}) =>
  Int(1, Number.MAX_SAFE_INTEGER, { description, 'x-invalid-code': 'INVALID_TREE_SIZE', ...options });

/** An RFC 9162 audit or consistency path: at most one hash per level of a tree of 2^53 leaves. */
const HashPath = (description: string) => List(Hex64, 64, { description });

/** The tree head exactly as signed: its keys are part of the signed bytes (docs/concepts/ledger.md), so the use case's answer is sent as is. */
const SignedTreeHead = Type.Object({
  tree_size: Int(0, Number.MAX_SAFE_INTEGER, { description: 'Entries in the service-wide log' }),
  root_hash: { ...Hex64, description: 'RFC 6962 Merkle root of every entry hash, in block order' },
  timestamp: Timestamp(),
  signature: Base64(100, 'Base64 Ed25519 signature over the RFC 8785 JSON of {tree_size, root_hash, timestamp}'),
  public_key: Base64(60, "Base64 of the ledger's raw 32-byte Ed25519 public key"),
});

export const LedgerHeadBody = Ok(SignedTreeHead);

export const BlockNumberParams = Strict({
  block_number: Int(1, Number.MAX_SAFE_INTEGER, {
    description: "The entry's position in the service-wide log (1-based), as `audit_logs` and the decline result give it",
    'x-invalid-code': 'INVALID_BLOCK_NUMBER',
  }),
});

export const InclusionProofQuery = Strict({
  tree_size: Type.Optional(
    TreeSize(
      "The size of the tree to prove inclusion in, from `block_number` to the current head's `tree_size` (default: the current head's)",
    ),
  ),
});

export const InclusionProofBody = Ok(
  Type.Object({
    block_number: Int(1, Number.MAX_SAFE_INTEGER),
    tree_size: Int(1, Number.MAX_SAFE_INTEGER, { description: 'The tree the proof is for' }),
    leaf_hash: {
      ...Hex64,
      description: "RFC 9162 leaf hash: SHA-256 of the byte 0x00 followed by the 32 raw bytes of the block's `entry_hash`",
    },
    audit_path: HashPath(
      'RFC 9162 §2.1.3.1 inclusion proof, bottom first: verify it with the algorithm of §2.1.3.2 against `root_hash` of a head of `tree_size`',
    ),
  }),
);

export const ConsistencyQuery = Strict({
  from: TreeSize('The older tree size, from 1 to `to`'),
  to: TreeSize("The newer tree size, at most the current head's `tree_size`"),
});

export const ConsistencyProofBody = Ok(
  Type.Object({
    from: Int(1, Number.MAX_SAFE_INTEGER),
    to: Int(1, Number.MAX_SAFE_INTEGER),
    proof: HashPath('RFC 9162 §2.1.4.1 consistency proof, verified with §2.1.4.2; empty when `from` equals `to`'),
  }),
);

export const LedgerTrustBody = Ok(
  Type.Object({
    root_certificate_pem: Text(20_000, { description: 'The root certificate (PEM) every seal of this service chains to' }),
    ledger_public_key: Base64(
      60,
      "Base64 of the ledger's raw 32-byte Ed25519 public key, which signs every tree head and `audit_logs.head_signature`",
    ),
  }),
);
