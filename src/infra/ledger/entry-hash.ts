import { canonicalJson } from '@countersign/verify';
import { sameDigest, sha256Hex } from '../hash.js';

/** The `previous_hash` of an envelope chain's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** A ledger entry as published in `audit_logs.entries` (any further keys are hashed too). */
export interface ChainedEntry {
  previous_hash: string;
  entry_hash: string;
  [key: string]: unknown;
}

/**
 * `hex(SHA-256(utf8(previous_hash) ‖ utf8(RFC 8785 JSON of the entry without entry_hash)))`, exactly as
 * docs/concepts/ledger.md tells anyone to recompute it. An `entry_hash` key in the argument is ignored.
 */
export const computeEntryHash = (entry: { previous_hash: string; [key: string]: unknown }): string => {
  const { entry_hash: _ignored, ...hashed } = entry;
  return sha256Hex(entry.previous_hash + canonicalJson(hashed));
};

export interface ChainVerification {
  verified: boolean;
  /** 0-based index of the first entry whose link or hash does not recompute. */
  brokenAt?: number;
}

/** Recomputes an envelope's chain from the genesis hash; an empty chain is trivially intact. */
export const verifyChain = (entries: readonly ChainedEntry[]): ChainVerification => {
  let expectedPrevious = GENESIS_HASH;
  for (const [index, entry] of entries.entries()) {
    const linked = entry.previous_hash === expectedPrevious;
    if (!linked || !isHex64(entry.entry_hash) || !sameDigest(entry.entry_hash, computeEntryHash(entry))) {
      return { verified: false, brokenAt: index };
    }
    expectedPrevious = entry.entry_hash;
  }
  return { verified: true };
};

const isHex64 = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
