import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { Check } from './check.js';
import { checkSealInWorker, type SealCheck } from './check-seal-in-worker.js';
import { checkAgainstCurrentHead, checkSealedLedgerProof } from './ledger/check-ledger-proof.js';
import { ledgerClient } from './ledger/ledger-client.js';
import type { CompletionRecord } from './pdf/completion-record.js';
import { isPdfTooComplex } from './pdf/pdf-too-complex.js';
import type { SignerSummary } from './pdf/cms-signature.js';
import type { VerifyTrust } from './trust.js';
import { VerifyUsageError } from './usage-error.js';

/** The largest file checked: the same limit as the service's verify upload. */
export const MAX_PDF_BYTES = 60 * 1024 * 1024;

/** Everything one verification found, in the shape `--json` prints. */
export interface Verification {
  file: string;
  sha256: string;
  valid: boolean;
  trust: string;
  checks: Check[];
  signer: SignerSummary | null;
  signed_at: string | null;
  timestamped: boolean;
  /** The completion record the file carries, only when every check holds (it is trustworthy only then). */
  envelope: CompletionRecord | null;
}

const reason = (error: unknown): string => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  return (error as Error).message;
};

/** The file's bytes, refused unread past MAX_PDF_BYTES. */
export const readPdfFile = async (path: string): Promise<Uint8Array> => {
  try {
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      if (size > MAX_PDF_BYTES)
        throw new Error(`it is ${size} bytes, more than the ${MAX_PDF_BYTES / 1024 / 1024} MiB a sealed PDF may be`);
      return new Uint8Array(await handle.readFile());
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new VerifyUsageError(`cannot read ${path}: ${reason(error)}`);
  }
};

/**
 * The ledger checks of a file whose seal holds: the record's proof against its sealed tree head, and
 * with `online` against the service's current head too. A record sealed before proofs existed, or a
 * file without a record, has nothing to check there.
 */
const ledgerChecks = async (record: CompletionRecord | undefined, trust: VerifyTrust, online: string | undefined): Promise<Check[]> => {
  const proof = record?.ledger_proof;
  if (!record || !proof) {
    return [
      {
        name: 'ledger proof',
        ok: true,
        detail: record
          ? 'none in the record (sealed before the ledger published proofs): the seal alone was checked'
          : 'the file carries no completion record',
      },
    ];
  }
  const offline = checkSealedLedgerProof(record.ledger_head_hash, proof, trust.ledgerKey);
  if (!online || !offline.every((check) => check.ok)) return offline;
  try {
    const state = await ledgerClient(online).stateFor(proof.block_number, proof.tree_size);
    return [...offline, ...checkAgainstCurrentHead(record.ledger_head_hash, proof, state, trust.ledgerKey ?? proof.tree_head.public_key)];
  } catch (error) {
    return [...offline, { name: 'current tree head', ok: false, detail: `${online} did not answer: ${(error as Error).message}` }];
  }
};

/** A file refused before its seal could be read: one failed check, like any other verdict. */
const refused = (detail: string): SealCheck => ({
  report: {
    valid: false,
    checks: [{ name: 'pdf', ok: false, detail }],
    signer: null,
    signedAt: null,
    timestamped: false,
    documentTimestampedAt: null,
  },
  record: undefined,
});

/**
 * Verifies a sealed PDF against `trust`: the seal (in a bounded worker), then the ledger proof the
 * record carries, and with `online` the service's current tree head.
 */
export const verifyPdfBytes = async (file: string, bytes: Uint8Array, trust: VerifyTrust, online?: string): Promise<Verification> => {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  let sealCheck: SealCheck;
  try {
    sealCheck = await checkSealInWorker({ bytes, roots: trust.roots });
  } catch (error) {
    sealCheck = refused(isPdfTooComplex(error) ? error.message : `the file could not be checked: ${(error as Error).message}`);
  }
  const { report, record } = sealCheck;
  const checks = report.valid ? [...report.checks, ...(await ledgerChecks(record, trust, online))] : report.checks;
  const valid = checks.every((check) => check.ok);
  return {
    file,
    sha256,
    valid,
    trust: trust.source,
    checks,
    signer: report.signer,
    signed_at: report.signedAt,
    timestamped: report.timestamped,
    envelope: valid ? (record ?? null) : null,
  };
};
