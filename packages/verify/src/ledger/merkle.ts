import { createHash } from 'node:crypto';

/**
 * RFC 6962 §2.1 Merkle tree hashing and the RFC 9162 §2.1.3–2.1.4 proof checks, written here because
 * no maintained npm package implements the RFC's exact tree shape and domain-separation prefixes;
 * the unit tests pin them to the Certificate Transparency reference vectors.
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

/** The empty tree's hash: SHA-256 of nothing. */
export const EMPTY_TREE_HASH: Uint8Array = sha256();

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

const isPowerOfTwo = (n: number): boolean => {
  let power = 1;
  while (power < n) power *= 2;
  return power === n;
};

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a).equals(b);

/**
 * RFC 9162 §2.1.4.2: does `proof` show that the tree of `from` leaves with root `fromRoot` is a
 * prefix of the tree of `to` leaves with root `toRoot`?
 */
export const verifyConsistency = (
  from: number,
  to: number,
  proof: readonly Uint8Array[],
  fromRoot: Uint8Array,
  toRoot: Uint8Array,
): boolean => {
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 1 || from > to) return false;
  if (from === to) return proof.length === 0 && sameBytes(fromRoot, toRoot);
  const path = isPowerOfTwo(from) ? [fromRoot, ...proof] : [...proof];
  if (path.length === 0) return false;
  let fn = from - 1;
  let sn = to - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && sameBytes(fr, fromRoot) && sameBytes(sr, toRoot);
};
