import { PDF } from '@libpdf/core';
import type { SignedTreeHead } from '../ledger/tree-head.js';
import { scanInflateBudget } from './inflate-budget.js';

/** The file name of the record inside a sealed PDF (an embedded file, so inside the signed bytes). */
export const COMPLETION_RECORD_NAME = 'countersign-record.json';

/**
 * What a sealed PDF says about its own completion, machine-readable, so that anyone holding the
 * file can print who signed it and when without asking the service.
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
 * service-wide log, under a signed tree head taken when sealing.
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
