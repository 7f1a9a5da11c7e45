import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Hex } from '../hash.js';

/** The Ed25519 key that signs the ledger's tree heads. */
export interface LedgerKey {
  /** Base64 of the 32 raw public-key bytes, as `ledger/head` publishes it. */
  publicKeyBase64: string;
  /** Hex SHA-256 of the raw public key: the decline result's `smart_contract_address`. */
  fingerprint: string;
  sign(data: Uint8Array): Uint8Array;
}

export const ledgerKeyPath = (dataDir: string): string => join(dataDir, 'keys', 'ledger-ed25519.pem');

/**
 * The ledger key of this data directory, generated on first use and reused afterwards. The PEM is
 * written to a temporary file and hard-linked into place, so that processes starting together on a
 * shared directory never read a half-written key and all end up with the same one.
 */
export const loadLedgerKey = async (dataDir: string): Promise<LedgerKey> => {
  const path = ledgerKeyPath(dataDir);
  const existing = await readPem(path);
  if (existing) return ledgerKeyFrom(createPrivateKey(existing));
  await mkdir(join(dataDir, 'keys'), { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  const temporary = `${path}.${randomBytes(8).toString('hex')}.tmp`;
  await writeFile(temporary, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
  return ledgerKeyFrom(createPrivateKey(await readFile(path, 'utf8')));
};

/** The public key (base64 of the raw 32 bytes) of `dataDir`'s ledger key if there is one, read without creating anything. */
export const findLedgerPublicKey = async (dataDir: string): Promise<string | undefined> => {
  const pem = await readPem(ledgerKeyPath(dataDir));
  return pem === undefined ? undefined : ledgerKeyFrom(createPrivateKey(pem)).publicKeyBase64;
};

const readPem = async (path: string): Promise<string | undefined> => {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

export const ledgerKeyFrom = (privateKey: KeyObject): LedgerKey => {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('The ledger key must be an Ed25519 key.');
  const rawPublicKey = rawEd25519PublicKey(createPublicKey(privateKey));
  return {
    publicKeyBase64: rawPublicKey.toString('base64'),
    fingerprint: sha256Hex(rawPublicKey),
    sign: (data) => new Uint8Array(sign(null, data, privateKey)),
  };
};

const rawEd25519PublicKey = (publicKey: KeyObject): Buffer => {
  const { x } = publicKey.export({ format: 'jwk' });
  if (!x) throw new Error('The key has no Ed25519 public part.');
  return Buffer.from(x, 'base64url');
};

/** The public key object for 32 raw Ed25519 bytes given in base64. */
export const ed25519PublicKeyFromBase64 = (publicKeyBase64: string): KeyObject =>
  createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKeyBase64, 'base64').toString('base64url') },
    format: 'jwk',
  });
