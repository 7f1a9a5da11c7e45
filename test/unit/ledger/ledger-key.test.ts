import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ed25519PublicKeyFromBase64 } from '@countersign/verify';
import { ledgerKeyFrom, ledgerKeyPath, loadLedgerKey } from '../../../src/infra/ledger/ledger-key.js';

const withDataDir = async (run: (dataDir: string) => Promise<void>) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'countersign-ledger-key-'));
  try {
    await run(dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
};

describe('loadLedgerKey', () => {
  it('generates the key once at <dataDir>/keys/ledger-ed25519.pem, readable only by its owner', async () => {
    await withDataDir(async (dataDir) => {
      await loadLedgerKey(dataDir);
      const path = ledgerKeyPath(dataDir);
      assert.equal(path, join(dataDir, 'keys', 'ledger-ed25519.pem'));
      assert.equal((await stat(path)).mode & 0o777, 0o600);
      assert.match(await readFile(path, 'utf8'), /^-----BEGIN PRIVATE KEY-----/);
      assert.deepEqual(await readdir(join(dataDir, 'keys')), ['ledger-ed25519.pem']);
    });
  });

  it('reuses the persisted key afterwards', async () => {
    await withDataDir(async (dataDir) => {
      const first = await loadLedgerKey(dataDir);
      const second = await loadLedgerKey(dataDir);
      assert.equal(second.publicKeyBase64, first.publicKeyBase64);
      assert.equal(second.fingerprint, first.fingerprint);
    });
  });

  it('gives every process starting together the same key', async () => {
    await withDataDir(async (dataDir) => {
      const keys = await Promise.all(Array.from({ length: 8 }, () => loadLedgerKey(dataDir)));
      assert.equal(new Set(keys.map((key) => key.publicKeyBase64)).size, 1);
      assert.deepEqual(await readdir(join(dataDir, 'keys')), ['ledger-ed25519.pem']);
    });
  });
});

describe('ledger key', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const key = ledgerKeyFrom(privateKey);
  const raw = Buffer.from(publicKey.export({ format: 'der', type: 'spki' })).subarray(-32);

  it('publishes the 32 raw public-key bytes in base64', () => {
    assert.equal(Buffer.from(key.publicKeyBase64, 'base64').length, 32);
    assert.deepEqual(Buffer.from(key.publicKeyBase64, 'base64'), raw);
  });

  it('has the hex SHA-256 of the raw public key as its fingerprint (smart_contract_address)', () => {
    assert.equal(key.fingerprint, createHash('sha256').update(raw).digest('hex'));
  });

  it('signs with Ed25519, verifiable with the published public key', () => {
    const data = Buffer.from('tree head');
    const signature = key.sign(data);
    assert.ok(verify(null, data, publicKey, signature));
    assert.ok(verify(null, data, ed25519PublicKeyFromBase64(key.publicKeyBase64), signature));
    assert.ok(!verify(null, Buffer.from('other'), createPublicKey(privateKey), signature));
  });

  it('refuses a key that is not Ed25519', () => {
    assert.throws(() => ledgerKeyFrom(generateKeyPairSync('x25519').privateKey), /Ed25519/);
  });
});
