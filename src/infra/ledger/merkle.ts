import { createHash } from 'node:crypto';

/**
 * RFC 6962 §2.1 Merkle tree hashing, written here because no maintained npm package implements
 * the RFC's exact tree shape and domain-separation prefixes; the unit tests pin it to the
 * Certificate Transparency reference vectors.
 */

const sha256 = (...parts: Uint8Array[]): Uint8Array => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
};

const LEAF_PREFIX = Uint8Array.of(0x00);
const NODE_PREFIX = Uint8Array.of(0x01);

export const leafHash = (data: Uint8Array): Uint8Array => sha256(LEAF_PREFIX, data);

export const nodeHash = (left: Uint8Array, right: Uint8Array): Uint8Array => sha256(NODE_PREFIX, left, right);

/** The largest power of two strictly smaller than n (n ≥ 2): where RFC 6962 splits a tree. */
const splitPoint = (n: number): number => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};

/** The empty tree's hash: SHA-256 of nothing. */
export const EMPTY_TREE_HASH: Uint8Array = sha256();

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

/** RFC 9162 §2.1.3.2: does `proof` show that `leafData` is leaf `index` of a tree of `treeSize` with this root? */
export const verifyInclusion = (
  leafData: Uint8Array,
  index: number,
  treeSize: number,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean => {
  if (!Number.isInteger(index) || !Number.isInteger(treeSize) || index < 0 || index >= treeSize) return false;
  let fn = index;
  let sn = treeSize - 1;
  let hash = leafHash(leafData);
  for (const sibling of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      hash = nodeHash(sibling, hash);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      hash = nodeHash(hash, sibling);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && Buffer.from(hash).equals(root);
};
