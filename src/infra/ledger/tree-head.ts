import { treeHeadSignedBytes, type SignedTreeHead, type TreeHead } from '@countersign/verify/ledger';
import type { LedgerKey } from './ledger-key.js';

export const signTreeHead = (head: TreeHead, key: LedgerKey): SignedTreeHead => ({
  tree_size: head.tree_size,
  root_hash: head.root_hash,
  timestamp: head.timestamp,
  signature: Buffer.from(key.sign(treeHeadSignedBytes(head))).toString('base64'),
  public_key: key.publicKeyBase64,
});
