import { Type, type Static } from 'typebox';
import type { DeclineResult } from '../../../app/envelopes/record-decline.js';
import type { SignatureReceipt } from '../../../app/signing/sign-envelope.js';
import { SIGNATURE_IMAGE_LIMITS } from '../../../app/signing/signature-image.js';
import type { SigningPageView } from '../../../app/signing/view-signing-page.js';
import { FIELD_TYPES, type FieldType } from '../../../domain/field-rules.js';
import { SIGNER_ROLES, type SignerRole } from '../../../domain/signer-role.js';
import { Email, Id, Int, List, Num, Strict, Text, Timestamp } from '../../schema-kit.js';
import { LanguageCode } from '../envelopes/envelope.schema.js';

/** The signing token (named signingCode so the OpenAPI document has no credential-named parameter); unknown is 404, so only its length is checked. */
export const SigningTokenParams = Strict({
  signingCode: Text(200, { minLength: 1, description: 'The signing token from the invitation or embedded URL' }),
});

const Nullable = <T extends ReturnType<typeof Text>>(schema: T) => Type.Union([schema, Type.Null()]);

/** Where a field stands: the same for the signer's own fields and for those other signers completed. */
const placedField = {
  field_id: Id('fld'),
  type: Type.Unsafe<FieldType>(Type.String({ enum: [...FIELD_TYPES], maxLength: 16 })),
  placeholder: Nullable(Text(100)),
  document: Int(1, 10),
  page: Int(1, 500),
  x: Num(0, 100_000),
  y: Num(0, 100_000),
  width: Num(0, 100_000),
  height: Num(0, 100_000),
};

const ShowIf = Type.Object(
  { field: Text(64), equals: Type.Union([Text(200), Type.Boolean()]) },
  { description: 'Shown only while the named field has this value (checkboxes: true/false)' },
);

const SigningField = Type.Object({
  ...placedField,
  required: Type.Boolean({ description: 'Required while shown: a field its condition hides is neither required nor stored' }),
  editable: Type.Boolean(),
  default_value: Nullable(Text(1000)),
  options: Type.Union([List(Text(200), 100), Type.Null()], { description: 'dropdown and radio: the choices' }),
  name: Nullable(Text(64, { description: "The field's name, which conditions refer to" })),
  show_if: Type.Union([ShowIf, Type.Null()]),
});

const ShownMark = Type.Object({
  type: Type.Unsafe<'drawn' | 'typed'>(Type.String({ enum: ['drawn', 'typed'], maxLength: 5 })),
  image_png_base64: Type.Optional(
    Text(SIGNATURE_IMAGE_LIMITS.maxBase64Chars, {
      contentEncoding: 'base64',
      contentMediaType: 'image/png',
      description: 'drawn: the adopted PNG',
    }),
  ),
  text: Type.Optional(Text(200, { description: 'typed: the name as typed, shown in the script face' })),
});

const OtherSignerField = Type.Object({
  ...placedField,
  value: Nullable(
    Text(5000, {
      description:
        'What the signer left: text as entered, `true`/`false` for a checkbox, the ISO date (YYYY-MM-DD, UTC) for `date_signed`; null for signature and initials (see the marks) and for an optional field left empty',
    }),
  ),
});

const SignedByOther = Type.Object({
  name: Text(255),
  signed_at: Timestamp(),
  signature: ShownMark,
  initials: Type.Union([ShownMark, Type.Null()], { description: 'null: their initials fields show their signature' }),
  fields: List(OtherSignerField, 200),
});

export const SigningPage = Type.Object({
  envelope: Type.Object({
    envelope_id: Id('env'),
    name: Text(255),
    message: Nullable(Text(5000)),
    status: Text(16),
    sign_process_flow: Text(16),
    enforce_signers_location: Type.Boolean(),
    allow_reassign: Type.Boolean({ description: 'true: this signer may hand their step to someone else (POST /signing/{token}/reassign)' }),
  }),
  signer: Type.Object({
    recipient_id: Id('rcp'),
    name: Text(255),
    email: Email(),
    status: Text(16),
    role: Type.Unsafe<SignerRole>(
      Type.String({
        enum: [...SIGNER_ROLES],
        maxLength: 16,
        description: 'What this step asks: sign, approve, view every document, sign in person, witness',
      }),
    ),
  }),
  documents: List(Type.Object({ document_id: Id('doc'), name: Text(255), pages: Int(1, 500) }), 10),
  fields: List(SigningField, 200),
  language: LanguageCode("The language the page is shown in, the signer's (docs/concepts/recipients.md); `consent_text` is in it"),
  consent_text: Text(10_000, {
    description: 'The electronic records disclosure the signer accepts; its SHA-256 is recorded with the consent',
  }),
  signed_by_others: List(SignedByOther, 50, {
    description:
      'The other signers who have already signed, with their fields, values and adopted marks, so this signer sees them in place (read-only). A signer who has not signed (waiting, on turn or declined) is never listed.',
  }),
  session_token: Type.Optional(
    Text(200, { description: 'Only when an embedded or in-person token was exchanged: use it for the rest of the signing' }),
  ),
  group: Type.Union([Type.Object({ name: Text(200), required: Int(1, 20), signed: Int(0, 20) }), Type.Null()], {
    description: "A signing group's member: the group, how many signatures it needs and how many it has",
  }),
  witness_for: Type.Union([Type.Object({ name: Text(255) }), Type.Null()], {
    description: 'A witness: the signer whose signature they witness',
  }),
  names_witness: Type.Boolean({ description: 'true: this signer names their witness when signing (witness in the sign call)' }),
  host: Type.Union([Type.Object({ name: Text(255) }), Type.Null()], {
    description: "An in-person signer: the account's user on whose device they sign",
  }),
  other_fields: List(Type.Object({ name: Text(64), value: Nullable(Text(5000)) }), 200, {
    description: "Other recipients' named fields that this signer's conditions read, with their values",
  }),
});

const presentSigningField = (field: SigningPageView['fields'][number]): Static<typeof SigningField> => ({
  field_id: field.id,
  type: field.type,
  placeholder: field.placeholder,
  document: field.document,
  page: field.page,
  x: field.x,
  y: field.y,
  width: field.width,
  height: field.height,
  required: field.required,
  editable: field.editable,
  default_value: field.defaultValue,
  options: field.options,
  name: field.name,
  show_if: field.showIf,
});

const presentOtherSignature = (other: SigningPageView['signedByOthers'][number]): Static<typeof SignedByOther> => ({
  name: other.name,
  signed_at: other.signedAt,
  signature: other.signature,
  initials: other.initials,
  fields: other.fields.map((field) => ({
    field_id: field.id,
    type: field.type,
    placeholder: field.placeholder,
    document: field.document,
    page: field.page,
    x: field.x,
    y: field.y,
    width: field.width,
    height: field.height,
    value: field.value,
  })),
});

export const presentSigningPage = (view: SigningPageView): Static<typeof SigningPage> => ({
  envelope: {
    envelope_id: view.envelope.id,
    name: view.envelope.name,
    message: view.envelope.message,
    status: view.envelope.status,
    sign_process_flow: view.envelope.signProcessFlow,
    enforce_signers_location: view.envelope.enforceSignersLocation,
    allow_reassign: view.envelope.allowReassign,
  },
  signer: {
    recipient_id: view.signer.id,
    name: view.signer.name,
    email: view.signer.email,
    status: view.signer.status,
    role: view.signer.signerRole,
  },
  documents: view.documents.map((d) => ({ document_id: d.id, name: d.name, pages: d.pages.length })),
  fields: view.fields.map(presentSigningField),
  language: view.signer.language,
  consent_text: view.consentText,
  signed_by_others: view.signedByOthers.map(presentOtherSignature),
  ...(view.sessionToken ? { session_token: view.sessionToken } : {}),
  group: view.workflow.group,
  witness_for: view.workflow.witnessFor,
  names_witness: view.workflow.namesWitness,
  host: view.workflow.host,
  other_fields: view.workflow.otherFields,
});

const Mark = Strict({
  type: Type.Unsafe<'drawn' | 'typed'>(Type.String({ enum: ['drawn', 'typed'], maxLength: 5 })),
  image_png_base64: Type.Optional(
    Text(SIGNATURE_IMAGE_LIMITS.maxBase64Chars, {
      minLength: 1,
      contentEncoding: 'base64',
      contentMediaType: 'image/png',
      description: `drawn: the PNG image, non-interlaced, 8 or 16 bits per sample, at most ${SIGNATURE_IMAGE_LIMITS.maxSide} pixels on a side and ${SIGNATURE_IMAGE_LIMITS.maxPixels} in all (else 400 \`IMAGE_TOO_LARGE\`, checked from its header before decoding; its pixel data may not inflate beyond what the header implies)`,
    }),
  ),
  text: Type.Optional(Text(200, { minLength: 1, description: 'typed: the name as typed' })),
});

export const SignBody = Strict({
  consent: Type.Boolean({
    'x-missing-code': 'CONSENT_REQUIRED',
    description: 'true: the signer accepts the electronic records disclosure',
  }),
  signature: Mark,
  initials: Type.Optional(Mark),
  fields: Type.Optional(
    List(
      Strict({
        field_id: Text(64, { minLength: 1 }),
        value: Type.Optional(Type.Union([Text(5000), Num(-1e15, 1e15), Type.Boolean(), Type.Null()])),
      }),
      200,
    ),
  ),
  location: Type.Optional(Strict({ latitude: Num(-90, 90), longitude: Num(-180, 180) })),
  witness: Type.Optional(
    Strict(
      { name: Text(255, { minLength: 1 }), email: Email() },
      { description: 'Only when the view says names_witness: the witness of this signature, invited once it is recorded' },
    ),
  ),
});

export const SignedResult = Type.Object({
  envelope_id: Id('env'),
  status: Text(16),
  signer: Type.Object({ name: Text(255), email: Email(), status: Text(16), signed_at: Timestamp() }),
  all_signed: Type.Boolean({
    description: 'true when this was the last signature: the envelope is being sealed and becomes Completed once the sealed file exists',
  }),
});

/** The envelope stays InProgress until the sealed file exists, even after the last signature. */
export const presentSignature = (receipt: SignatureReceipt): Static<typeof SignedResult> => ({
  envelope_id: receipt.envelopeId,
  status: 'InProgress',
  signer: { name: receipt.signer.name, email: receipt.signer.email, status: 'Signed', signed_at: receipt.signedAt },
  all_signed: receipt.allSigned,
});

export const DeclineBody = Strict({ reason: Type.String({ minLength: 1, maxLength: 1000, 'x-missing-code': 'DECLINE_REASON_REQUIRED' }) });

export const DeclinedResult = Type.Object({
  envelope_id: Id('env'),
  status: Text(16),
  declined_by: Text(255),
  block_number: Int(1, Number.MAX_SAFE_INTEGER, { description: "The decline's position in the service-wide ledger" }),
  transaction_hash: Text(64, { pattern: '^[0-9a-f]{64}$', description: "The decline's ledger entry hash" }),
});

export const presentSignerDecline = (result: DeclineResult): Static<typeof DeclinedResult> => ({
  envelope_id: result.envelopeId,
  status: result.envelopeStatus,
  declined_by: result.signer.name,
  block_number: result.blockNumber,
  transaction_hash: result.entryHash,
});
