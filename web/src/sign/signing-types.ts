/** The shapes of the recipients' signing API (docs/concepts/signing.md). */
export type FieldType =
  'signature' | 'initials' | 'name' | 'email' | 'date_signed' | 'text' | 'number' | 'checkbox' | 'dropdown' | 'attachment';

export interface SigningField {
  field_id: string;
  type: FieldType;
  placeholder: string | null;
  /** 1-based index into `documents`. */
  document: number;
  /** 1-based page number. */
  page: number;
  /** PDF points, top-left origin. */
  x: number;
  y: number;
  width: number;
  height: number;
  required: boolean;
  editable: boolean;
  default_value: string | null;
  options: string[] | null;
}

export type SignerStatus = 'Waiting' | 'Sent' | 'Viewed' | 'Signed' | 'Declined';

export interface SigningSession {
  envelope: {
    envelope_id: string;
    name: string;
    message: string | null;
    status: string;
    sign_process_flow: string;
    enforce_signers_location: boolean;
  };
  signer: { name: string; email: string; status: SignerStatus };
  documents: { document_id: string; name: string; pages: number }[];
  fields: SigningField[];
  /** The signer's language (docs/concepts/recipients.md): the page is shown in it, and `consent_text` is written in it. */
  language: 'en' | 'de' | 'fr' | 'es' | 'pt' | 'ja';
  consent_text: string;
  /** What the other signers who have signed left on the documents, shown read-only in place. */
  signed_by_others: SignedByOther[];
  session_token?: string;
}

/** One of another signer's fields, as they completed it. */
export interface OtherSignerField {
  field_id: string;
  type: FieldType;
  placeholder: string | null;
  document: number;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Text, "true"/"false" for a checkbox, the ISO day for date_signed; null for marks. */
  value: string | null;
}

export interface SignedByOther {
  name: string;
  signed_at: string;
  signature: AdoptedMark;
  initials: AdoptedMark | null;
  fields: OtherSignerField[];
}

/** The answer to POST …/sign. */
export interface SignResult {
  envelope_id: string;
  status: string;
  /** This was the last signature: the envelope is being sealed. */
  all_signed: boolean;
}

export type AdoptedMark = { type: 'drawn'; image_png_base64: string } | { type: 'typed'; text: string };

export interface GeoLocation {
  latitude: number;
  longitude: number;
}

export interface SignRequest {
  consent: true;
  signature: AdoptedMark;
  initials?: AdoptedMark;
  fields: { field_id: string; value: string }[];
  location?: GeoLocation;
}

/** The marks the signer adopted; each applies to every field of its kind. */
export interface AdoptedMarks {
  signature?: AdoptedMark;
  initials?: AdoptedMark;
}

/** The answer to POST …/attachments. */
export interface UploadedAttachment {
  attachment_id: string;
  name: string;
  size: number;
  content_type: string;
  sha256: string;
}
