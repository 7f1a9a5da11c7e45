import { createPublicKey, type KeyObject } from 'node:crypto';

/** The public key object for 32 raw Ed25519 bytes given in base64 (how the ledger publishes its key). */
export const ed25519PublicKeyFromBase64 = (publicKeyBase64: string): KeyObject =>
  createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKeyBase64, 'base64').toString('base64url') },
    format: 'jwk',
  });

/** Base64 of the raw 32 bytes of an Ed25519 public key; throws for any other key. */
export const rawEd25519PublicKeyBase64 = (key: KeyObject): string => {
  const { x } = key.export({ format: 'jwk' });
  if (key.asymmetricKeyType !== 'ed25519' || !x) throw new Error('not an Ed25519 public key');
  return Buffer.from(x, 'base64url').toString('base64');
};
