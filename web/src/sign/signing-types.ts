import type { ApiBody, ApiData } from '../shared/api-types.js';
import type { ShowIf } from '../../../src/domain/field-conditions.js';
import type { SignerRole } from '../../../src/domain/signer-role.js';

/**
 * What the workflows add to the signing view (docs/api/workflows.md). Optional here so that the
 * page reads a view with or without them: a plain signer's view looks as it always did.
 */
interface WorkflowView {
  envelope: { allow_reassign?: boolean };
  signer: { role?: SignerRole; recipient_id?: string };
  fields: { name?: string | null; show_if?: ShowIf | null }[];
  group?: { name: string; required: number; signed: number } | null;
  witness_for?: { name: string } | null;
  names_witness?: boolean;
  host?: { name: string } | null;
  other_fields?: { name: string; value: string | null }[];
}

/** The recipients' signing API (docs/concepts/signing.md), as the OpenAPI document defines it. */
export type SigningSession = ApiData<'viewSigningPage'> & Partial<WorkflowView>;
export type SigningField = ApiData<'viewSigningPage'>['fields'][number] & WorkflowView['fields'][number];
export type FieldType = SigningField['type'] | 'radio';

/** One of the fields another signer completed, shown read-only in place. */
export type SignedByOther = SigningSession['signed_by_others'][number];
export type OtherSignerField = SignedByOther['fields'][number];

export type SignRequest = ApiBody<'signEnvelope'> & { witness?: WitnessNamed };
export type SignResult = ApiData<'signEnvelope'>;
export type AdoptedMark = SignRequest['signature'];
export type GeoLocation = NonNullable<SignRequest['location']>;

/** The witness a signer names at signing, when their witness was left open by the sender. */
export interface WitnessNamed {
  name: string;
  email: string;
}

/** The marks the signer adopted so far; each applies to every field of its kind. */
export type AdoptedMarks = Partial<Pick<SignRequest, 'signature' | 'initials'>>;

export type UploadedAttachment = ApiData<'uploadSignerAttachment'>;

export interface ReassignRequest {
  name: string;
  email: string;
  reason?: string;
}
