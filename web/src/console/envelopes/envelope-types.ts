import type { ApiBody, ApiData } from '../../shared/api-types.js';

/** The envelope operations the console reads (docs/concepts/envelopes.md), as the OpenAPI document defines them. */
export type EnvelopeListRequest = ApiBody<'listEnvelopes'>;
export type EnvelopeListPage = ApiData<'listEnvelopes'>;
export type EnvelopeDetails = ApiData<'getEnvelopeDetails'>;
/** A person among the signers; a signing group's entry is a GroupEntry. */
export type SignerDetails = Exclude<EnvelopeDetails['recipients']['signers'][number], { group: unknown }>;
export type EnvelopeHistory = ApiData<'getEnvelopeHistory'>;
export type AuditLogs = ApiData<'getAuditLogs'>;

type EnvelopeStatus = NonNullable<NonNullable<EnvelopeListRequest['filters']>['status']>[number];

/** The status filter's choices, in the order of an envelope's life. */
export const ENVELOPE_STATUSES = [
  'Sent',
  'InProgress',
  'Completed',
  'Declined',
  'Cancelled',
  'Expired',
] as const satisfies readonly EnvelopeStatus[];

/** A person of a signing group, as the details list them. */
export interface GroupMember {
  recipient_id: string;
  name: string;
  email: string;
  status: string;
  sent_at: string | null;
  viewed_at: string | null;
  signed_at: string | null;
  declined_at: string | null;
}

/** A signing group in its place among the signers: `required` of its members must sign. */
export interface GroupEntry {
  group: { group_id: string; name: string; required: number; signed: number; members: GroupMember[] };
  signing_order: number;
  status: string;
}

interface PersonOf {
  name: string;
  email: string;
}

/** One hand-over of a signing step: who handed it to whom, why, when. */
export interface Delegation {
  from: PersonOf;
  to: PersonOf;
  reason: string | null;
  at: string;
}

/** A signer entry's workflow details: its role, host, witnessed signer, approval and hand-overs. */
export type WorkflowSigner = SignerDetails & {
  role?: 'signer' | 'approver' | 'viewer' | 'in_person' | 'witness';
  host?: PersonOf | null;
  witness_for?: string | null;
  approved_at?: string | null;
  delegations?: Delegation[];
};

export type SignerEntry = WorkflowSigner | GroupEntry;

export const isGroupEntry = (entry: SignerEntry | SignerDetails): entry is GroupEntry =>
  'group' in entry && entry.group !== undefined && entry.group !== null;

/** The envelope's workflow details: reassignment allowed, and who sent it back, when and why. */
export type WorkflowEnvelope = EnvelopeDetails & {
  allow_reassign?: boolean;
  returned?: { by: { recipient_id: string } & PersonOf; at: string; comment: string } | null;
};
