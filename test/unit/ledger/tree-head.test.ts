import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, verify } from 'node:crypto';
import { ed25519PublicKeyFromBase64, verifyTreeHead } from '@countersign/verify';
import { ledgerKeyFrom } from '../../../src/infra/ledger/ledger-key.js';
import { signTreeHead } from '../../../src/infra/ledger/tree-head.js';

const key = ledgerKeyFrom(generateKeyPairSync('ed25519').privateKey);
const head = { tree_size: 42, root_hash: 'ab'.repeat(32), timestamp: '2026-11-21T08:15:32.000Z' };

describe('signed tree head', () => {
  it('carries the head, the base64 Ed25519 signature and the base64 public key', () => {
    const signed = signTreeHead(head, key);
    assert.deepEqual(Object.keys(signed).sort(), ['public_key', 'root_hash', 'signature', 'timestamp', 'tree_size']);
    assert.equal(signed.public_key, key.publicKeyBase64);
    assert.equal(Buffer.from(signed.signature, 'base64').length, 64);
  });

  it('signs the RFC 8785 JSON of {tree_size, root_hash, timestamp}, as a verifier recomputes it', () => {
    const signed = signTreeHead(head, key);
    const canonical = `{"root_hash":"${head.root_hash}","timestamp":"${head.timestamp}","tree_size":42}`;
    assert.ok(verify(null, Buffer.from(canonical), ed25519PublicKeyFromBase64(signed.public_key), Buffer.from(signed.signature, 'base64')));
  });

  it('verifies an untouched head, against its own key or the trusted one', () => {
    const signed = signTreeHead(head, key);
    assert.ok(verifyTreeHead(signed));
    assert.ok(verifyTreeHead(signed, key.publicKeyBase64));
  });

  it('rejects a head whose size, root, time or signature changed', () => {
    const signed = signTreeHead(head, key);
    assert.ok(!verifyTreeHead({ ...signed, tree_size: 43 }));
    assert.ok(!verifyTreeHead({ ...signed, root_hash: 'cd'.repeat(32) }));
    assert.ok(!verifyTreeHead({ ...signed, timestamp: '2026-11-21T08:15:33.000Z' }));
    assert.ok(!verifyTreeHead({ ...signed, signature: signTreeHead({ ...head, tree_size: 1 }, key).signature }));
    assert.ok(!verifyTreeHead({ ...signed, signature: 'not base64 at all' }));
  });

  it("rejects a head signed by another key when the ledger's key is given", () => {
    const impostor = ledgerKeyFrom(generateKeyPairSync('ed25519').privateKey);
    const forged = signTreeHead(head, impostor);
    assert.ok(verifyTreeHead(forged));
    assert.ok(!verifyTreeHead(forged, key.publicKeyBase64));
  });
});
