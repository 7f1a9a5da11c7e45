/** The public verification record of an envelope (docs/concepts/ledger.md). */
export interface VerificationRecord {
  envelope_id: string;
  name: string;
  status: string;
  completed_at: string | null;
  documents: { name: string; sha256_original: string; sha256_sealed: string | null }[];
  ledger_head_hash: string | null;
}

export interface SealCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface FileVerdict {
  match: boolean;
  document_name: string | null;
  seal: { valid: boolean; checks: SealCheck[] };
}
