import { leafHash, nodeHash } from '@countersign/verify/ledger';

/**
 * RFC 9162 §2.1.3 inclusion and §2.1.4 consistency proofs of the service-wide log, built from the
 * hashes of perfect subtrees instead of every leaf: each proof needs O(log n) of them. Perfect
 * subtrees of at least 2^STORED_LEVEL leaves are kept in the database (`ledger_nodes`, filled
 * lazily by `nodesCompletedBy`); smaller ones are recomputed from at most a few chunks of
 * 2^STORED_LEVEL leaves.
 */

/** The 2^level leaves from leaf `index` × 2^level on: a perfect (complete, aligned) subtree. */
export interface Subtree {
  level: number;
  index: number;
}

export interface StoredNode extends Subtree {
  hash: Uint8Array;
}

/** MTH(D[start:end]), the hash of leaves start..end-1 in RFC 6962's tree shape. */
interface LeafRange {
  start: number;
  end: number;
}

/** Levels from here up are stored: one row per 16 leaves, amortised (half of them at this level). */
export const STORED_LEVEL = 4;

/** Leaves per chunk: the perfect subtrees of the stored level. */
export const CHUNK_SIZE = 2 ** STORED_LEVEL;

/** The largest power of two strictly smaller than n (n ≥ 2): where RFC 6962 splits a tree. */
const splitPoint = (n: number): number => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};

/** PATH(m, D[start:end]) of RFC 9162 §2.1.3.1 as the ranges whose hashes it lists, bottom first. */
const inclusionRanges = (leaf: number, start: number, end: number): LeafRange[] => {
  if (end - start === 1) return [];
  const k = splitPoint(end - start);
  return leaf < start + k
    ? [...inclusionRanges(leaf, start, start + k), { start: start + k, end }]
    : [...inclusionRanges(leaf, start + k, end), { start, end: start + k }];
};

/** SUBPROOF(m, D[start:end], b) of RFC 9162 §2.1.4.1 as the ranges whose hashes it lists. */
const consistencyRanges = (m: number, start: number, end: number, complete: boolean): LeafRange[] => {
  if (start + m === end) return complete ? [] : [{ start, end }];
  const k = splitPoint(end - start);
  return m <= k
    ? [...consistencyRanges(m, start, start + k, complete), { start: start + k, end }]
    : [...consistencyRanges(m - k, start + k, end, false), { start, end: start + k }];
};

/**
 * The perfect subtrees whose hashes fold into MTH(D[start:end]), left to right. Every range of the
 * RFC's recursion starts at a multiple of a power of two at least as large as its length, so its
 * leaves split into aligned perfect subtrees, one per set bit of the length, largest first.
 */
const perfectSubtreesOf = ({ start, end }: LeafRange): Subtree[] => {
  const subtrees: Subtree[] = [];
  let offset = start;
  for (let level = Math.floor(Math.log2(end - start)); level >= 0; level--) {
    const width = 2 ** level;
    if (offset + width <= end) {
      subtrees.push({ level, index: offset / width });
      offset += width;
    }
  }
  return subtrees;
};

const fold = (hashes: readonly Uint8Array[]): Uint8Array => hashes.reduceRight((right, left) => nodeHash(left, right));

const subtreeKey = ({ level, index }: Subtree): string => `${level}:${index}`;

/** Where a proof's hashes come from: the log's leaf data (the entries' raw hashes) and the stored nodes. */
export interface SubtreeSource {
  /** The leaf data of leaves start..end-1 (0-based), in order. */
  leaves(start: number, end: number): Promise<Uint8Array[]>;
  /** The stored hashes of these subtrees (each of level ≥ STORED_LEVEL, all complete in the tree). */
  nodes(subtrees: readonly Subtree[]): Promise<StoredNode[]>;
}

/** The leaves to read for the small subtrees: per chunk, from the first to the last leaf any of them needs. */
const leafSpans = (subtrees: readonly Subtree[]): LeafRange[] => {
  const spans = new Map<number, LeafRange>();
  for (const { level, index } of subtrees) {
    const start = index * 2 ** level;
    const end = start + 2 ** level;
    const chunk = Math.floor(start / CHUNK_SIZE);
    const span = spans.get(chunk);
    spans.set(chunk, span ? { start: Math.min(span.start, start), end: Math.max(span.end, end) } : { start, end });
  }
  return [...spans.values()];
};

/** The hash of every subtree asked for, reading each stored node and each needed leaf once. */
const resolveSubtrees = async (subtrees: readonly Subtree[], source: SubtreeSource): Promise<Map<string, Uint8Array>> => {
  const unique = [...new Map(subtrees.map((s) => [subtreeKey(s), s])).values()];
  const stored = unique.filter((s) => s.level >= STORED_LEVEL);
  const small = unique.filter((s) => s.level < STORED_LEVEL);
  const hashes = new Map<string, Uint8Array>();
  if (stored.length) {
    for (const node of await source.nodes(stored)) hashes.set(subtreeKey(node), node.hash);
    const missing = stored.find((s) => !hashes.has(subtreeKey(s)));
    if (missing) throw new Error(`The ledger node ${subtreeKey(missing)} is not stored.`);
  }
  const leafHashes = new Map<number, Uint8Array>();
  for (const span of leafSpans(small)) {
    const data = await source.leaves(span.start, span.end);
    if (data.length !== span.end - span.start) throw new Error(`The ledger lacks leaves ${span.start}..${span.end - 1}.`);
    data.forEach((leaf, i) => leafHashes.set(span.start + i, leafHash(leaf)));
  }
  for (const subtree of small) hashes.set(subtreeKey(subtree), perfectRoot(leafHashes, subtree));
  return hashes;
};

const perfectRoot = (leafHashes: ReadonlyMap<number, Uint8Array>, { level, index }: Subtree): Uint8Array => {
  const start = index * 2 ** level;
  let layer = Array.from({ length: 2 ** level }, (_, i) => leafHashes.get(start + i) as Uint8Array);
  while (layer.length > 1) layer = Array.from({ length: layer.length / 2 }, (_, i) => nodeHash(layer[2 * i]!, layer[2 * i + 1]!));
  return layer[0]!;
};

const hashesOfRanges = async (ranges: readonly LeafRange[], source: SubtreeSource): Promise<Uint8Array[]> => {
  const parts = ranges.map(perfectSubtreesOf);
  const hashes = await resolveSubtrees(parts.flat(), source);
  return parts.map((subtrees) => fold(subtrees.map((s) => hashes.get(subtreeKey(s))!)));
};

/** The audit path of leaf `index` (0-based) in the tree of the first `treeSize` leaves, bottom first. */
export const buildInclusionProof = (index: number, treeSize: number, source: SubtreeSource): Promise<Uint8Array[]> => {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(treeSize) || index < 0 || index >= treeSize) {
    throw new RangeError(`Leaf ${index} is not in a tree of ${treeSize} leaves.`);
  }
  return hashesOfRanges(inclusionRanges(index, 0, treeSize), source);
};

/** The proof that the tree of the first `from` leaves is a prefix of the tree of the first `to` (1 ≤ from ≤ to). */
export const buildConsistencyProof = (from: number, to: number, source: SubtreeSource): Promise<Uint8Array[]> => {
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 1 || from > to) {
    throw new RangeError(`No consistency proof from ${from} to ${to} leaves.`);
  }
  return hashesOfRanges(consistencyRanges(from, 0, to, true), source);
};

/** The stored subtrees that a tree of `chunks` whole chunks already has, one per set bit of `chunks`, largest first. */
export const frontierSubtrees = (chunks: number): Subtree[] =>
  perfectSubtreesOf({ start: 0, end: chunks }).map(({ level, index }) => ({ level: level + STORED_LEVEL, index }));

/**
 * The nodes to store once chunks `fromChunk`.. are complete: each chunk's root and every larger
 * perfect subtree a chunk completes (the frontier's merging, as appendLeaf does for leaves).
 * `frontier` holds the hashes of `frontierSubtrees(fromChunk)`; `chunkLeaves` the leaf data of the
 * new chunks, CHUNK_SIZE each, in order.
 */
export const nodesCompletedBy = (fromChunk: number, frontier: readonly Uint8Array[], chunkLeaves: readonly Uint8Array[]): StoredNode[] => {
  if (chunkLeaves.length % CHUNK_SIZE !== 0) throw new RangeError('Only whole chunks of leaves are stored.');
  const roots = [...frontier];
  const nodes: StoredNode[] = [];
  const leafHashes = new Map(chunkLeaves.map((leaf, i) => [fromChunk * CHUNK_SIZE + i, leafHash(leaf)]));
  for (let chunk = fromChunk; chunk < fromChunk + chunkLeaves.length / CHUNK_SIZE; chunk++) {
    let hash = perfectRoot(leafHashes, { level: STORED_LEVEL, index: chunk });
    nodes.push({ level: STORED_LEVEL, index: chunk, hash });
    for (let size = chunk, merged = 1; size % 2 === 1; size = Math.floor(size / 2), merged++) {
      const left = roots.pop();
      if (!left) throw new Error('The stored frontier does not match its size.');
      hash = nodeHash(left, hash);
      nodes.push({ level: STORED_LEVEL + merged, index: Math.floor(chunk / 2 ** merged), hash });
    }
    roots.push(hash);
  }
  return nodes;
};
