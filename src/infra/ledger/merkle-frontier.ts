import { EMPTY_TREE_HASH, leafHash, nodeHash } from '@countersign/verify/ledger';

/**
 * The service-wide log's state in O(log n) space: the roots of its perfect subtrees, largest
 * (leftmost) first, one per set bit of `size`. Appending and taking the root never reread old
 * leaves, and the root equals `merkleRoot` over every leaf appended (RFC 6962's tree shape).
 */
export interface MerkleFrontier {
  size: number;
  roots: readonly Uint8Array[];
}

export const EMPTY_FRONTIER: MerkleFrontier = { size: 0, roots: [] };

export const appendLeaf = (frontier: MerkleFrontier, data: Uint8Array): MerkleFrontier => {
  const roots = [...frontier.roots];
  let hash = leafHash(data);
  // Each trailing 1 bit of the old size is a perfect subtree of the new one's size, now completed.
  for (let size = frontier.size; size % 2 === 1; size = Math.floor(size / 2)) {
    const left = roots.pop();
    if (!left) throw new Error('The frontier does not match its size.');
    hash = nodeHash(left, hash);
  }
  roots.push(hash);
  return { size: frontier.size + 1, roots };
};

export const frontierRoot = ({ roots }: MerkleFrontier): Uint8Array =>
  roots.length === 0 ? EMPTY_TREE_HASH : roots.reduceRight((right, left) => nodeHash(left, right));
