/**
 * @countersign/verify: the checks anyone can run on a PDF sealed by a Countersign service, with no
 * service code, database or native module. `countersign-verify` (cli.ts) and the service's own
 * `countersign verify`, PDF workers and ledger all use these functions: one implementation.
 */
export type { Check } from './check.js';
export { runVerify, type VerifyRequest } from './run-verify.js';
export { VerifyUsageError } from './usage-error.js';
export { MAX_PDF_BYTES, readPdfFile, verifyPdfBytes, type Verification } from './verify-file.js';
export { printVerification } from './print-verification.js';
export { readTrustFile, resolveTrust, type TrustOptions, type VerifyTrust } from './trust.js';
export { checkSealInWorker, DEFAULT_WORKER_LIMITS, type SealCheck, type WorkerLimits } from './check-seal-in-worker.js';

export { verifySealedPdf, type VerifyOptions, type VerifyReport } from './pdf/verify-seal.js';
export type { SignerSummary } from './pdf/cms-signature.js';
export { COMPLETION_RECORD_NAME, readCompletionRecord, type CompletionRecord, type SealedLedgerProof } from './pdf/completion-record.js';
export { DEFAULT_INFLATE_BUDGET, scanInflateBudget, type InflateBudget, type InflateScan } from './pdf/inflate-budget.js';
export { PdfTooComplexError, isPdfTooComplex } from './pdf/pdf-too-complex.js';

export { canonicalJson } from './ledger/canonical-json.js';
export { EMPTY_TREE_HASH, leafHash, nodeHash, verifyConsistency, verifyInclusion } from './ledger/merkle.js';
export { ed25519PublicKeyFromBase64, rawEd25519PublicKeyBase64 } from './ledger/ed25519-key.js';
export { treeHeadSignedBytes, verifyTreeHead, type SignedTreeHead, type TreeHead } from './ledger/tree-head.js';
export { checkAgainstCurrentHead, checkSealedLedgerProof, type OnlineLedgerState } from './ledger/check-ledger-proof.js';
export { ledgerClient, type PublishedTrust } from './ledger/ledger-client.js';
