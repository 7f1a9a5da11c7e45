import { PDF } from '@libpdf/core';
import type { SignedTreeHead } from '../ledger/tree-head.js';
import { scanInflateBudget } from './inflate-budget.js';

/** The file name of the record inside a sealed PDF (an embedded file, so inside the signed bytes). */
export const COMPLETION_RECORD_NAME = 'countersign-record.json';

/**
 * What a sealed PDF says about its own completion, machine-readable, so that anyone holding the
 * file can print who signed it and when without asking the service (`countersign verify`).
 * The seal covers it: changing it breaks the signature like any other change.
 */
export interface CompletionRecord {
  envelope_id: string;
  envelope_name: string;
  completed_at: string;
  ledger_head_hash: string;
  verification_url: string;
  signers: { name: string; email: string; signed_at: string | null }[];
  /** Absent from files sealed before the ledger published proofs. */
  ledger_proof?: SealedLedgerProof;
}

/**
 * That the envelope's last entry before sealing (`ledger_head_hash`) is block `block_number` of the
 * service-wide log, under a signed tree head taken when sealing (docs/verification.md).
 */
export interface SealedLedgerProof {
  block_number: number;
  /** Hex SHA-256(0x00 ‖ the 32 raw bytes of ledger_head_hash). */
  leaf_hash: string;
  tree_size: number;
  /** RFC 9162 inclusion proof, hex, bottom first. */
  audit_path: string[];
  tree_head: SignedTreeHead;
}

/** A file to carry inside the sealed PDF: a signer's attachment (docs/concepts/recipients.md). */
export interface EmbeddedFile {
  name: string;
  bytes: Uint8Array;
  mimeType: string;
  description: string;
  createdAt: string;
}

/** Embedded files are keyed by name: a second "scan.pdf" becomes "scan (2).pdf", and nothing takes the record's name. */
const uniqueName = (name: string, taken: Set<string>): string => {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${stem} (${n})${extension}`;
  taken.add(candidate);
  return candidate;
};

/**
 * Adds the completion record, and the signers' files, as embedded files (the document's
 * EmbeddedFiles name tree): done before the seal, so the seal covers them.
 */
export const attachCompletionRecord = async (
  bytes: Uint8Array,
  record: CompletionRecord,
  files: readonly EmbeddedFile[] = [],
): Promise<Uint8Array> => {
  const pdf = await PDF.load(bytes);
  const taken = new Set([COMPLETION_RECORD_NAME]);
  for (const file of files) {
    const createdAt = new Date(file.createdAt);
    pdf.addAttachment(uniqueName(file.name, taken), file.bytes, {
      mimeType: file.mimeType,
      description: file.description,
      createdAt,
      modifiedAt: createdAt,
      overwrite: true,
    });
  }
  pdf.addAttachment(COMPLETION_RECORD_NAME, new TextEncoder().encode(JSON.stringify(record, null, 2)), {
    mimeType: 'application/json',
    description: 'Countersign completion record',
    overwrite: true,
  });
  return pdf.save();
};

/** The embedded record, or undefined for a PDF without one (or not a PDF at all). */
export const readCompletionRecord = async (bytes: Uint8Array): Promise<CompletionRecord | undefined> => {
  try {
    scanInflateBudget(bytes);
    const data = (await PDF.load(bytes)).getAttachment(COMPLETION_RECORD_NAME);
    return data ? (JSON.parse(new TextDecoder().decode(data)) as CompletionRecord) : undefined;
  } catch {
    return undefined;
  }
};
