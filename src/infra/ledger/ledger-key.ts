import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { join } from 'node:path';
import { rawEd25519PublicKeyBase64 } from '@countersign/verify/ledger';
import { sha256Hex } from '../hash.js';
import { readKeyFileIfPresent, readOrCreateKeyFile } from '../key-file.js';

/** The Ed25519 key that signs the ledger's tree heads. */
export interface LedgerKey {
  /** Base64 of the 32 raw public-key bytes, as `ledger/head` publishes it. */
  publicKeyBase64: string;
  /** Hex SHA-256 of the raw public key: the decline result's `smart_contract_address`. */
  fingerprint: string;
  sign(data: Uint8Array): Uint8Array;
}

export const ledgerKeyPath = (dataDir: string): string => join(dataDir, 'keys', 'ledger-ed25519.pem');

/** A new Ed25519 private key, PKCS#8 PEM. */
export const generateLedgerKeyPem = (): string =>
  String(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));

/** The ledger key of this data directory, generated on first use and reused afterwards (see readOrCreateKeyFile). */
export const loadLedgerKey = async (dataDir: string): Promise<LedgerKey> =>
  ledgerKeyFrom(createPrivateKey(await readOrCreateKeyFile(ledgerKeyPath(dataDir), generateLedgerKeyPem)));

/** The public key (base64 of the raw 32 bytes) of `dataDir`'s ledger key if there is one, read without creating anything. */
export const findLedgerPublicKey = async (dataDir: string): Promise<string | undefined> => {
  const pem = await readKeyFileIfPresent(ledgerKeyPath(dataDir));
  return pem === undefined ? undefined : ledgerKeyFrom(createPrivateKey(pem)).publicKeyBase64;
};

export const ledgerKeyFrom = (privateKey: KeyObject): LedgerKey => {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('The ledger key must be an Ed25519 key.');
  const rawPublicKey = Buffer.from(rawEd25519PublicKeyBase64(createPublicKey(privateKey)), 'base64');
  return {
    publicKeyBase64: rawPublicKey.toString('base64'),
    fingerprint: sha256Hex(rawPublicKey),
    sign: (data) => new Uint8Array(sign(null, data, privateKey)),
  };
};
