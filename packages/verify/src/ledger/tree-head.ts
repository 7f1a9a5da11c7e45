import { verify } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';
import { ed25519PublicKeyFromBase64 } from './ed25519-key.js';

/** What a tree head commits to: the service-wide log's size and root (lowercase hex), and when. */
export interface TreeHead {
  tree_size: number;
  root_hash: string;
  /** ISO 8601 UTC, like every time of the API. */
  timestamp: string;
}

/** The body of `GET /api/v2.0/ledger/head`. */
export interface SignedTreeHead extends TreeHead {
  /** Base64 Ed25519 signature over the RFC 8785 JSON of `{tree_size, root_hash, timestamp}`. */
  signature: string;
  public_key: string;
}

/** The bytes a tree head's signature signs. */
export const treeHeadSignedBytes = ({ tree_size, root_hash, timestamp }: TreeHead): Buffer =>
  Buffer.from(canonicalJson({ tree_size, root_hash, timestamp }), 'utf8');

/**
 * Whether the signature holds. The key embedded in the head only proves self-consistency: pass the
 * ledger's known public key to also check who signed it.
 */
export const verifyTreeHead = (head: SignedTreeHead, trustedPublicKeyBase64?: string): boolean => {
  if (trustedPublicKeyBase64 !== undefined && trustedPublicKeyBase64 !== head.public_key) return false;
  try {
    const publicKey = ed25519PublicKeyFromBase64(head.public_key);
    return verify(null, treeHeadSignedBytes(head), publicKey, Buffer.from(head.signature, 'base64'));
  } catch {
    return false;
  }
};
