import { verify } from 'node:crypto';
import { canonicalJson, ed25519PublicKeyFromBase64 } from '@countersign/verify/ledger';
import type { LedgerKey } from './ledger-key.js';

/** The bytes `audit_logs.head_signature` signs: the RFC 8785 JSON of `{envelope_id, head_hash}`, UTF-8. */
const signedBytes = (envelopeId: string, headHash: string): Buffer =>
  Buffer.from(canonicalJson({ envelope_id: envelopeId, head_hash: headHash }), 'utf8');

/** Base64 Ed25519 signature by the ledger key: the service vouches that this is the envelope chain's head. */
export const signChainHead = (envelopeId: string, headHash: string, key: LedgerKey): string =>
  Buffer.from(key.sign(signedBytes(envelopeId, headHash))).toString('base64');

export const verifyChainHeadSignature = (envelopeId: string, headHash: string, signature: string, publicKeyBase64: string): boolean => {
  try {
    return verify(null, signedBytes(envelopeId, headHash), ed25519PublicKeyFromBase64(publicKeyBase64), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
};
