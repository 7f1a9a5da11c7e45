import { canonicalJson } from '@countersign/verify/ledger';
import { sameDigest, sha256Hex } from '../hash.js';
import { randomBase64url } from '../random-pool.js';

/** The `previous_hash` of an envelope chain's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The entry format written today (docs/concepts/ledger.md "Entry formats"): format 2 hashes a salted commitment to the
 * keys that may name a person, not those keys, so that erasing the person leaves every hash as it was. An entry
 * without `format` is format 1, which hashes every key and is still verified as it always was.
 */
export const LEDGER_ENTRY_FORMAT = 2;

/** The keys of a format-2 entry that may name or describe a person: hashed through `personal_hash` only. */
export const PERSONAL_KEYS = ['actor', 'description', 'ip_address', 'user_agent'] as const;

/** A ledger entry as published in `audit_logs.entries` (any further keys are hashed too). */
export interface ChainedEntry {
  previous_hash: string;
  entry_hash: string;
  [key: string]: unknown;
}

type PersonalPart = Record<(typeof PERSONAL_KEYS)[number], unknown>;

const personalPartOf = (entry: Record<string, unknown>): PersonalPart =>
  Object.fromEntries(PERSONAL_KEYS.map((key) => [key, entry[key]])) as PersonalPart;

/** A fresh salt for one entry's commitment: 128 random bits, so that the commitment reveals nothing once the salt is gone. */
export const newPersonalSalt = (): string => Buffer.from(randomBase64url(16), 'base64url').toString('hex');

/** `hex(SHA-256(utf8(personal_salt) ‖ utf8(RFC 8785 JSON of {actor, description, ip_address, user_agent})))`. */
export const computePersonalHash = (salt: string, entry: Record<string, unknown>): string =>
  sha256Hex(salt + canonicalJson(personalPartOf(entry)));

/**
 * `hex(SHA-256(utf8(previous_hash) ‖ utf8(RFC 8785 JSON of the hashed keys)))`, exactly as docs/concepts/ledger.md tells
 * anyone to recompute it: every key but `entry_hash` for format 1; for format 2 every key but `entry_hash`, the
 * personal keys and `personal_salt`. An `entry_hash` key in the argument is ignored.
 */
export const computeEntryHash = (entry: { previous_hash: string; [key: string]: unknown }): string => {
  const { entry_hash: _ignored, ...hashed } = entry;
  if (hashed.format !== LEDGER_ENTRY_FORMAT) return sha256Hex(entry.previous_hash + canonicalJson(hashed));
  const committed = Object.fromEntries(
    Object.entries(hashed).filter(([key]) => key !== 'personal_salt' && !(PERSONAL_KEYS as readonly string[]).includes(key)),
  );
  return sha256Hex(entry.previous_hash + canonicalJson(committed));
};

/**
 * A format-2 entry's personal keys match its commitment, unless its salt was dropped by an erasure (then they are
 * pseudonyms and nothing can be checked of them, by design); format 1 has no commitment.
 */
const personalPartHolds = (entry: ChainedEntry): boolean => {
  if (entry.format !== LEDGER_ENTRY_FORMAT || entry.personal_salt === null) return true;
  return (
    typeof entry.personal_salt === 'string' &&
    isHex64(entry.personal_hash) &&
    sameDigest(entry.personal_hash, computePersonalHash(entry.personal_salt, entry))
  );
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
    if (!linked || !isHex64(entry.entry_hash) || !sameDigest(entry.entry_hash, computeEntryHash(entry)) || !personalPartHolds(entry)) {
      return { verified: false, brokenAt: index };
    }
    expectedPrevious = entry.entry_hash;
  }
  return { verified: true };
};

const isHex64 = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
