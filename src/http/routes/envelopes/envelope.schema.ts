import { Type, type Static } from 'typebox';
import { LANGUAGES, type Language } from '../../../domain/language.js';
import type { CreatedEnvelope as NewlyCreatedEnvelope } from '../../../app/envelopes/envelope-creation.js';
import type { EnvelopeInput, ObserverInput, SignerInput } from '../../../app/envelopes/new-envelope.js';
import type { EnvelopeSettingsInput } from '../../../domain/envelope-settings.js';
import { Email, Id, Int, List, Num, RequiredText, Strict, Text, Timestamp } from '../../schema-kit.js';

const Flag = (description: string) => Type.Optional(Type.Boolean({ description }));

/** The creation settings (docs/concepts/envelopes.md); template defaults use the same shape. */
export const envelopeSettingsProperties = {
  expiration_days: Type.Optional(Int(1, 365, { description: 'Days until the envelope expires (default 30)' })),
  expiration_day: Type.Optional(Int(1, 365, { description: 'Alias of expiration_days, as the original field table spells it' })),
  email_reminders: Flag('Send an automatic reminder before expiry (default false)'),
  reminder_period: Type.Optional(Int(1, 364, { description: 'Days before expiry to remind; 1 ≤ n < expiration_days' })),
  append_verification_qr_code: Flag('Add a verification QR code to the sealed PDF (default false)'),
  remove_signed_envelope: Flag('Purge the documents once the sealed copy is delivered (default false)'),
  enforce_signers_location: Flag("Require the signer's location (default false)"),
  send_email_to_recipients: Flag('Send invitation e-mails (default true)'),
  sign_process_flow: Type.Optional(
    Text(16, { description: 'Sequential, Parallel (default) or Hybrid; any letter case', pattern: '^[A-Za-z]+$' }),
  ),
};

export const EnvelopeObject = Strict({
  name: RequiredText(255, 'ENVELOPE_NAME_REQUIRED'),
  description: Type.Optional(Text(2000)),
  tags: Type.Optional(List(Text(64, { minLength: 1 }), 50)),
  message: Type.Optional(Text(5000, { description: 'Text for the invitation e-mail' })),
  ...envelopeSettingsProperties,
});

/** The `envelope` object of a creation request, its settings apart. */
export const toEnvelopeInput = ({
  name,
  description,
  tags,
  message,
  ...settings
}: { name: string; description?: string; tags?: string[]; message?: string } & EnvelopeSettingsInput): EnvelopeInput => ({
  name,
  description,
  tags,
  message,
  settings,
});

const FieldFlag = Type.Union([Type.Boolean(), Type.String({ enum: ['TRUE', 'FALSE', 'true', 'false'], maxLength: 5 })]);

export const FieldSchema = Strict({
  type: Type.String({
    enum: ['signature', 'initials', 'name', 'email', 'date_signed', 'text', 'number', 'checkbox', 'dropdown', 'attachment'],
    maxLength: 16,
    description:
      'An `attachment` field asks the signer for a file (PDF, PNG or JPEG, at most 10 MB), uploaded with `POST /signing/{signingCode}/attachments`; ' +
      'it takes no default_value and is optional unless `required` is true',
  }),
  document: Type.Optional(Int(1, 10, { description: '1-based index of the document (default 1)' })),
  page: Type.Optional(Int(1, 500)),
  x: Type.Optional(Num(0, 100_000)),
  y: Type.Optional(Num(0, 100_000)),
  width: Type.Optional(Num(0, 100_000)),
  height: Type.Optional(Num(0, 100_000)),
  anchor: Type.Optional(
    Strict({
      text: RequiredText(200, 'ANCHOR_TEXT_REQUIRED'),
      offset_x: Type.Optional(Num(-100_000, 100_000)),
      offset_y: Type.Optional(Num(-100_000, 100_000)),
      width: Type.Optional(Num(1, 100_000)),
      height: Type.Optional(Num(1, 100_000)),
    }),
  ),
  required: Type.Optional(FieldFlag),
  placeholder: Type.Optional(Text(100, { minLength: 1 })),
  default_value: Type.Optional(Text(1000)),
  editable: Type.Optional(FieldFlag),
  options: Type.Optional(List(Text(200), 100)),
});
export type FieldRequest = Static<typeof FieldSchema>;

/** A signer's authentication before signing (docs/concepts/recipients.md). */
export const AuthenticationSchema = Strict(
  {
    method: Type.String({ enum: ['access_code', 'sms'], maxLength: 11, description: '`access_code` or `sms`' }),
    access_code: Type.Optional(
      Text(64, {
        minLength: 4,
        description: 'With method access_code: 4–64 characters the sender gives the signer out of band; stored hashed, never shown again',
      }),
    ),
  },
  {
    description:
      'How the signer proves who they are before signing. `sms` needs country_code and phone_number (else 400 `PHONE_NUMBER_REQUIRED`); a 6-digit code is sent when the signer asks for it.',
  },
);
export type AuthenticationRequest = Static<typeof AuthenticationSchema>;

export const toAuthenticationInput = (authentication: AuthenticationRequest | undefined) =>
  authentication && {
    method: authentication.method as 'access_code' | 'sms',
    ...(authentication.access_code !== undefined ? { accessCode: authentication.access_code } : {}),
  };
/** A recipient's language (docs/concepts/recipients.md): anything else is 400 UNSUPPORTED_LANGUAGE. */
export const RecipientLanguage = Type.Unsafe<Language>(
  Type.String({
    enum: [...LANGUAGES],
    maxLength: 8,
    'x-invalid-code': 'UNSUPPORTED_LANGUAGE',
    description:
      "The language of the recipient's invitation, reminder and completion mails, signing page and certificate wording: " +
      "`en`, `de`, `fr`, `es`, `pt` or `ja`. Default: the account's `default_language`",
  }),
);

/** A recipient's language as responses state it. */
export const LanguageCode = (description: string) =>
  Type.Unsafe<Language>(Type.String({ enum: [...LANGUAGES], maxLength: 8, description }));

const SignerOrder = Type.Integer({ minimum: 1, maximum: 1000, format: 'int32', 'x-invalid-code': 'INVALID_SIGNING_ORDER' });

export const SignerSchema = Strict({
  name: Type.Optional(Text(255, { minLength: 1 })),
  first_name: Type.Optional(Text(127, { minLength: 1 })),
  last_name: Type.Optional(Text(127, { minLength: 1 })),
  email: Email(),
  signing_order: Type.Optional(SignerOrder),
  country_code: Type.Optional(Int(1, 9999)),
  phone_number: Type.Optional(Text(32, { pattern: '^[0-9 ()+-]{3,32}$' })),
  private_note: Type.Optional(Text(2000)),
  language: Type.Optional(RecipientLanguage),
  fields: Type.Optional(List(FieldSchema, 200)),
  authentication: Type.Optional(AuthenticationSchema),
});
export type SignerRequest = Static<typeof SignerSchema>;

export const toSignerInput = (signer: SignerRequest): SignerInput => ({
  name: signer.name,
  firstName: signer.first_name,
  lastName: signer.last_name,
  email: signer.email,
  signingOrder: signer.signing_order,
  countryCode: signer.country_code,
  phoneNumber: signer.phone_number,
  privateNote: signer.private_note,
  language: signer.language,
  fields: signer.fields,
  authentication: toAuthenticationInput(signer.authentication),
});

export const ObserverSchema = Strict({
  name: Type.Optional(Text(255, { minLength: 1 })),
  first_name: Type.Optional(Text(127, { minLength: 1 })),
  last_name: Type.Optional(Text(127, { minLength: 1 })),
  email: Email(),
  authentication: Type.Optional(
    Type.Unsafe<unknown>({ description: 'Not for observers (they do not sign): 400 `AUTHENTICATION_NOT_FOR_OBSERVERS`' }),
  ),
  language: Type.Optional(RecipientLanguage),
});
export type ObserverRequest = Static<typeof ObserverSchema>;

export const toObserverInput = (observer: ObserverRequest): ObserverInput => ({
  name: observer.name,
  firstName: observer.first_name,
  lastName: observer.last_name,
  email: observer.email,
  ...(observer.authentication !== undefined ? { authentication: observer.authentication } : {}),
  language: observer.language,
});

export const RecipientsObject = Strict({
  signers: List(SignerSchema, 50, { minItems: 1 }),
  observers: Type.Optional(List(ObserverSchema, 50)),
});

export const Base64Document = Strict({
  name: RequiredText(255, 'DOCUMENT_NAME_REQUIRED'),
  content_base64: RequiredText(70_000_000, 'DOCUMENT_CONTENT_REQUIRED', { contentEncoding: 'base64' }),
});

const RecipientSummary = Type.Object({ recipient_id: Id('rcp'), email: Email(), status: Text(16) });

export const CreatedEnvelope = Type.Object({
  envelope_id: Id('env'),
  status: Text(16),
  signing_due_date: Timestamp(),
  documents: List(Type.Object({ document_id: Id('doc'), name: Text(255), pages: Int(1, 500) }), 10),
  recipients: Type.Object({ signers: List(RecipientSummary, 50), observers: List(RecipientSummary, 50) }),
  warnings: List(
    Type.Object({
      code: Type.Unsafe<'SIGNER_WITHOUT_FIELDS'>(Type.String({ enum: ['SIGNER_WITHOUT_FIELDS'], maxLength: 32 })),
      message: Text(1000),
      signer_email: Email(),
    }),
    50,
    {
      description:
        'What the sender should know about the envelope, which was created and sent all the same. `SIGNER_WITHOUT_FIELDS`: the signer was given no field, so one required signature field was added for them on a signature page appended to the last document (its `pages` count includes it).',
    },
  ),
});

export const presentCreatedEnvelope = (created: NewlyCreatedEnvelope) => {
  const summary = (recipient: NewlyCreatedEnvelope['signers'][number]) => ({
    recipient_id: recipient.recipientId,
    email: recipient.email,
    status: recipient.status,
  });
  return {
    envelope_id: created.envelopeId,
    status: created.status,
    signing_due_date: created.signingDueDate,
    documents: created.documents.map((d) => ({ document_id: d.documentId, name: d.name, pages: d.pageCount })),
    recipients: { signers: created.signers.map(summary), observers: created.observers.map(summary) },
    warnings: (created.warnings ?? []).map((w) => ({ code: w.code, message: w.message, signer_email: w.signerEmail })),
  };
};
