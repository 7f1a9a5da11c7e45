import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { EMPTY_TREE_HASH, leafHash, nodeHash, verifyInclusion } from '@countersign/verify';
import { inclusionProof, merkleRoot } from '../../../src/infra/ledger/merkle.js';
import { EMPTY_FRONTIER, appendLeaf, frontierRoot, type MerkleFrontier } from '../../../src/infra/ledger/merkle-frontier.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const unhex = (text: string) => new Uint8Array(Buffer.from(text, 'hex'));

// The Certificate Transparency reference tree (RFC 6962 test data): leaves and the root of every prefix.
const CT_LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map(unhex);
const CT_ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const CT_INCLUSION = [
  {
    index: 0,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    index: 5,
    proof: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
];

const leafData = fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 70 });
// Distinct leaves: with two equal leaves, one leaf's proof rightly also proves the other position.
const distinctLeafData = fc.uniqueArray(fc.uint8Array({ maxLength: 40 }), {
  minLength: 1,
  maxLength: 70,
  selector: (leaf) => Buffer.from(leaf).toString('hex'),
});

describe('merkleRoot (RFC 6962)', () => {
  it('matches the Certificate Transparency reference root of every tree size from 0 to 8', () => {
    for (let size = 0; size <= CT_LEAVES.length; size++) assert.equal(hex(merkleRoot(CT_LEAVES.slice(0, size))), CT_ROOTS[size]);
  });

  it('hashes the empty tree as SHA-256 of the empty string', () => {
    assert.equal(hex(EMPTY_TREE_HASH), CT_ROOTS[0]);
  });

  it('splits at the largest power of two below the size', () => {
    const leaves = [1, 2, 3, 4, 5].map((n) => Uint8Array.of(n));
    const [a, b, c, d, e] = leaves.map(leafHash) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
    assert.deepEqual(merkleRoot(leaves), nodeHash(nodeHash(nodeHash(a, b), nodeHash(c, d)), e));
  });

  it('separates leaves from nodes, so a node cannot pass for a leaf', () => {
    const two = [Uint8Array.of(1), Uint8Array.of(2)];
    const forged = new Uint8Array([...leafHash(two[0]!), ...leafHash(two[1]!)]);
    assert.notDeepEqual(merkleRoot([forged]), merkleRoot(two));
  });
});

describe('inclusion proofs', () => {
  it('produce the Certificate Transparency reference audit paths', () => {
    for (const { index, proof } of CT_INCLUSION) assert.deepEqual(inclusionProof(CT_LEAVES, index).map(hex), proof);
  });

  it('verify for every leaf of any tree, and fail for another leaf, index or root', () => {
    fc.assert(
      fc.property(distinctLeafData, fc.nat(), (leaves, pick) => {
        const index = pick % leaves.length;
        const root = merkleRoot(leaves);
        const proof = inclusionProof(leaves, index);
        const leaf = leaves[index]!;
        assert.ok(verifyInclusion(leaf, index, leaves.length, proof, root));
        assert.ok(!verifyInclusion(new Uint8Array([...leaf, 0]), index, leaves.length, proof, root));
        assert.ok(!verifyInclusion(leaf, index, leaves.length, proof, leafHash(root)));
        if (leaves.length > 1) assert.ok(!verifyInclusion(leaf, (index + 1) % leaves.length, leaves.length, proof, root));
      }),
    );
  });

  it('refuses an index outside the tree', () => {
    assert.throws(() => inclusionProof(CT_LEAVES, 8), RangeError);
    assert.ok(!verifyInclusion(CT_LEAVES[0]!, 8, 8, [], unhex(CT_ROOTS[8]!)));
  });
});

describe('merkle frontier', () => {
  it('gives the same root as the whole tree after every append', () => {
    fc.assert(
      fc.property(leafData, (leaves) => {
        let frontier: MerkleFrontier = EMPTY_FRONTIER;
        assert.deepEqual(frontierRoot(frontier), merkleRoot([]));
        leaves.forEach((leaf, index) => {
          frontier = appendLeaf(frontier, leaf);
          assert.equal(frontier.size, index + 1);
          assert.deepEqual(frontierRoot(frontier), merkleRoot(leaves.slice(0, index + 1)));
        });
      }),
    );
  });

  it('keeps one subtree root per set bit of the size', () => {
    const frontier = CT_LEAVES.slice(0, 7).reduce(appendLeaf, EMPTY_FRONTIER);
    assert.equal(frontier.roots.length, 3);
    assert.equal(hex(frontierRoot(frontier)), CT_ROOTS[7]);
  });
});
