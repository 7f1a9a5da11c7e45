import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { verifyConsistency, verifyInclusion } from '@countersign/verify';
import { inclusionProof, merkleRoot } from '../../../src/infra/ledger/merkle.js';
import {
  CHUNK_SIZE,
  STORED_LEVEL,
  buildConsistencyProof,
  buildInclusionProof,
  frontierSubtrees,
  nodesCompletedBy,
  type StoredNode,
  type Subtree,
  type SubtreeSource,
} from '../../../src/infra/ledger/merkle-proofs.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const unhex = (text: string) => new Uint8Array(Buffer.from(text, 'hex'));

// The Certificate Transparency reference tree (RFC 6962 test data) and its consistency proofs.
const CT_LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map(unhex);
const CT_CONSISTENCY = [
  { from: 1, to: 1, proof: [] },
  {
    from: 1,
    to: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    from: 6,
    to: 8,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  {
    from: 2,
    to: 5,
    proof: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
];

const key = ({ level, index }: Subtree) => `${level}:${index}`;

/**
 * An in-memory log whose stored nodes are filled the way the service fills `ledger_nodes`: whole
 * chunks at a time, in batches of the given sizes, each from the frontier stored so far.
 */
const memoryLog = (leaves: readonly Uint8Array[], batches: readonly number[] = [Number.MAX_SAFE_INTEGER]) => {
  const stored = new Map<string, StoredNode>();
  const wholeChunks = Math.floor(leaves.length / CHUNK_SIZE);
  let covered = 0;
  for (let b = 0; covered < wholeChunks; b++) {
    const next = Math.min(wholeChunks, covered + Math.max(1, batches[b % batches.length]!));
    const frontier = frontierSubtrees(covered).map((s) => stored.get(key(s))!.hash);
    for (const node of nodesCompletedBy(covered, frontier, leaves.slice(covered * CHUNK_SIZE, next * CHUNK_SIZE)))
      stored.set(key(node), node);
    covered = next;
  }
  const reads = { leaves: 0, nodes: 0 };
  const source: SubtreeSource = {
    leaves: async (start, end) => {
      reads.leaves += end - start;
      return leaves.slice(start, end);
    },
    nodes: async (subtrees) => {
      reads.nodes += subtrees.length;
      return subtrees.flatMap((s) => (stored.has(key(s)) ? [stored.get(key(s))!] : []));
    },
  };
  return { stored, source, reads };
};

const leafOf = (n: number) => Uint8Array.from(Buffer.from(`leaf ${n}`));
const logOf = (size: number) => Array.from({ length: size }, (_, n) => leafOf(n));

describe('stored Merkle nodes', () => {
  it('hold the root of every perfect subtree of at least a chunk, whatever the batches they were filled in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 * CHUNK_SIZE }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1 }),
        (size, batches) => {
          const leaves = logOf(size);
          const { stored } = memoryLog(leaves, batches);
          let expected = 0;
          for (let level = STORED_LEVEL; 2 ** level <= size; level++) {
            for (let index = 0; (index + 1) * 2 ** level <= size; index++) {
              const node = stored.get(key({ level, index }));
              assert.ok(node, `node ${level}:${index}`);
              assert.equal(hex(node.hash), hex(merkleRoot(leaves.slice(index * 2 ** level, (index + 1) * 2 ** level))));
              expected++;
            }
          }
          assert.equal(stored.size, expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuse a partial chunk', () => {
    assert.throws(() => nodesCompletedBy(0, [], logOf(CHUNK_SIZE - 1)), RangeError);
  });
});

describe('inclusion proofs from stored nodes (RFC 9162 §2.1.3)', () => {
  it('equal the audit paths computed from every leaf, and verify against the root', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 300 }), fc.nat(), async (size, pick) => {
        const leaves = logOf(size);
        const index = pick % size;
        const { source } = memoryLog(leaves, [3]);
        const proof = await buildInclusionProof(index, size, source);
        assert.deepEqual(proof.map(hex), inclusionProof(leaves, index).map(hex));
        assert.ok(verifyInclusion(leaves[index]!, index, size, proof, merkleRoot(leaves)));
      }),
      { numRuns: 200 },
    );
  });

  it('prove a leaf against every earlier tree size that contains it', async () => {
    const leaves = logOf(77);
    const { source } = memoryLog(leaves);
    for (let size = 1; size <= leaves.length; size++) {
      const proof = await buildInclusionProof(size - 1, size, source);
      assert.ok(verifyInclusion(leaves[size - 1]!, size - 1, size, proof, merkleRoot(leaves.slice(0, size))));
      const first = await buildInclusionProof(0, size, source);
      assert.ok(verifyInclusion(leaves[0]!, 0, size, first, merkleRoot(leaves.slice(0, size))));
    }
  });

  it('read O(log n) stored nodes and at most a few chunks of leaves, however large the log', async () => {
    const size = 5000 * CHUNK_SIZE + 7;
    const { source, reads } = memoryLog(logOf(size), [500]);
    await buildInclusionProof(12_345, size, source);
    assert.ok(reads.nodes <= 2 * Math.log2(size), `${reads.nodes} nodes read`);
    assert.ok(reads.leaves <= 2 * CHUNK_SIZE, `${reads.leaves} leaves read`);
  });

  it('refuse a leaf outside the tree', async () => {
    const { source } = memoryLog(logOf(5));
    assert.throws(() => buildInclusionProof(5, 5, source), RangeError);
    assert.throws(() => buildInclusionProof(-1, 5, source), RangeError);
  });
});

describe('consistency proofs (RFC 9162 §2.1.4)', () => {
  it('produce the Certificate Transparency reference proofs, which verify', async () => {
    const { source } = memoryLog(CT_LEAVES);
    for (const { from, to, proof } of CT_CONSISTENCY) {
      const built = await buildConsistencyProof(from, to, source);
      assert.deepEqual(built.map(hex), proof, `${from} → ${to}`);
      assert.ok(verifyConsistency(from, to, built, merkleRoot(CT_LEAVES.slice(0, from)), merkleRoot(CT_LEAVES.slice(0, to))));
    }
  });

  it('verify between any two sizes, and fail for another root, size or a changed hash', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 300 }), fc.nat(), fc.nat(), async (to, pickFrom, pickByte) => {
        const leaves = logOf(to);
        const from = (pickFrom % to) + 1;
        const { source } = memoryLog(leaves, [2]);
        const proof = await buildConsistencyProof(from, to, source);
        const oldRoot = merkleRoot(leaves.slice(0, from));
        const newRoot = merkleRoot(leaves);
        assert.ok(verifyConsistency(from, to, proof, oldRoot, newRoot));
        assert.equal(verifyConsistency(from, to, proof, merkleRoot(logOf(from).map((l) => Uint8Array.of(...l, 1))), newRoot), false);
        if (from < to) {
          assert.equal(verifyConsistency(from, to, proof, oldRoot, merkleRoot(leaves.slice(0, to - 1))), false);
          const tampered = proof.map((hash) => Uint8Array.from(hash));
          const at = pickByte % tampered.length;
          tampered[at]![0] = tampered[at]![0]! ^ 1;
          assert.equal(verifyConsistency(from, to, tampered, oldRoot, newRoot), false);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('refuse sizes out of order, and an equal size with a non-empty proof', async () => {
    const { source } = memoryLog(logOf(5));
    assert.throws(() => buildConsistencyProof(0, 5, source), RangeError);
    assert.throws(() => buildConsistencyProof(4, 3, source), RangeError);
    const root = merkleRoot(logOf(5));
    assert.equal(verifyConsistency(5, 5, [root], root, root), false);
    assert.ok(verifyConsistency(5, 5, [], root, root));
  });
});
