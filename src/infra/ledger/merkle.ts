import { EMPTY_TREE_HASH, leafHash, nodeHash } from '@countersign/verify/ledger';

/**
 * RFC 6962 §2.1 trees built from every leaf: the reference the service's proofs (merkle-proofs.ts)
 * are tested against. The hashing and the proof checks are @countersign/verify's.
 */

/** The largest power of two strictly smaller than n (n ≥ 2): where RFC 6962 splits a tree. */
const splitPoint = (n: number): number => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};

/** MTH(D[n]) of RFC 6962 over the leaves' data. */
export const merkleRoot = (leaves: readonly Uint8Array[]): Uint8Array => {
  if (leaves.length === 0) return EMPTY_TREE_HASH;
  return subtreeRoot(leaves.map(leafHash));
};

const subtreeRoot = (hashes: readonly Uint8Array[]): Uint8Array => {
  if (hashes.length === 1) return hashes[0] as Uint8Array;
  const k = splitPoint(hashes.length);
  return nodeHash(subtreeRoot(hashes.slice(0, k)), subtreeRoot(hashes.slice(k)));
};

/** PATH(m, D[n]) of RFC 6962 §2.1.1: the audit path of leaf `index` (0-based), bottom first. */
export const inclusionProof = (leaves: readonly Uint8Array[], index: number): Uint8Array[] => {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length) {
    throw new RangeError(`Leaf ${index} is not in a tree of ${leaves.length} leaves.`);
  }
  return auditPath(leaves.map(leafHash), index);
};

const auditPath = (hashes: readonly Uint8Array[], index: number): Uint8Array[] => {
  if (hashes.length === 1) return [];
  const k = splitPoint(hashes.length);
  return index < k
    ? [...auditPath(hashes.slice(0, k), index), subtreeRoot(hashes.slice(k))]
    : [...auditPath(hashes.slice(k), index - k), subtreeRoot(hashes.slice(0, k))];
};
