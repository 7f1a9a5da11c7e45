import type { ApiBody, ApiData } from '../shared/api-types.js';

/** The recipients' signing API (docs/concepts/signing.md), as the OpenAPI document defines it. */
export type SigningSession = ApiData<'viewSigningPage'>;
export type SigningField = SigningSession['fields'][number];
export type FieldType = SigningField['type'];

/** One of the fields another signer completed, shown read-only in place. */
export type SignedByOther = SigningSession['signed_by_others'][number];
export type OtherSignerField = SignedByOther['fields'][number];

export type SignRequest = ApiBody<'signEnvelope'>;
export type SignResult = ApiData<'signEnvelope'>;
export type AdoptedMark = SignRequest['signature'];
export type GeoLocation = NonNullable<SignRequest['location']>;

/** The marks the signer adopted so far; each applies to every field of its kind. */
export type AdoptedMarks = Partial<Pick<SignRequest, 'signature' | 'initials'>>;

export type UploadedAttachment = ApiData<'uploadSignerAttachment'>;
