/**
 * `@countersign/verify/ledger`: the ledger's hashing and tree-head primitives alone. A service that keeps a
 * ledger imports these without loading the PDF and certificate code of the package's main entry.
 */
export { canonicalJson } from './canonical-json.js';
export { EMPTY_TREE_HASH, leafHash, nodeHash, verifyConsistency, verifyInclusion } from './merkle.js';
export { ed25519PublicKeyFromBase64, rawEd25519PublicKeyBase64 } from './ed25519-key.js';
export { treeHeadSignedBytes, verifyTreeHead, type SignedTreeHead, type TreeHead } from './tree-head.js';
