/** The shapes of the envelope operations the console reads (docs/concepts/envelopes.md, §6). */
export const ENVELOPE_STATUSES = ['Sent', 'InProgress', 'Completed', 'Declined', 'Cancelled', 'Expired'] as const;

export interface EnvelopeSummary {
  envelope_id: string;
  name: string;
  status: string;
  created_at: string;
  signing_due_date: string;
  recipients_count: number;
  signed_count: number;
}

export interface EnvelopeListPage {
  envelopes: EnvelopeSummary[];
  page: number;
  page_size: number;
  total: number;
}

export interface SignerDetails {
  recipient_id: string;
  name: string;
  email: string;
  signer_title: string | null;
  signing_order: number;
  status: string;
  sent_at: string | null;
  viewed_at: string | null;
  signed_at: string | null;
  declined_at: string | null;
  decline_reason: string | null;
}

export interface ObserverDetails {
  recipient_id: string;
  name: string;
  email: string;
  observer_title: string | null;
  status: string;
  sent_at: string | null;
}

export interface EnvelopeDetails {
  envelope_id: string;
  name: string;
  description: string | null;
  tags: string[];
  status: string;
  sign_process_flow: string;
  created_by: { name: string; email: string };
  created_at: string;
  signing_due_date: string;
  completed_at: string | null;
  documents: { document_id: string; name: string; pages: number; sha256: string }[];
  recipients: { signers: SignerDetails[]; observers: ObserverDetails[] };
}

export interface EnvelopeHistory {
  history: {
    performed_by: { first_name: string; last_name: string; email: string | null };
    performed_at: string;
    activity_type: string;
    description: string;
  }[];
}

export interface AuditLogs {
  entries: { sequence: number; activity_type: string; occurred_at: string; entry_hash: string }[];
  head_hash: string | null;
  verified: boolean;
}
