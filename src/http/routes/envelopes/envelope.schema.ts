import { Type, type Static } from 'typebox';
import { LANGUAGES, type Language } from '../../../domain/language.js';
import type { CreatedEnvelope as NewlyCreatedEnvelope, CreatedSigner } from '../../../app/envelopes/envelope-creation.js';
import type { EnvelopeInput, ObserverInput, SignerInput } from '../../../app/envelopes/new-envelope.js';
import type { EnvelopeSettingsInput } from '../../../domain/envelope-settings.js';
import type { DocumentIntake } from '../../../app/documents/document-fields.js';
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
  allow_reassign: Flag('A signer may hand their step to another person with POST /signing/{signingCode}/reassign (default false)'),
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
    enum: ['signature', 'initials', 'name', 'email', 'date_signed', 'text', 'number', 'checkbox', 'dropdown', 'radio', 'attachment'],
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
  options: Type.Optional(
    List(Text(200), 100, { description: 'The choices of a dropdown or radio field (required for those, refused for others)' }),
  ),
  name: Type.Optional(
    Text(64, {
      minLength: 1,
      description: 'Unique per envelope (else 400 `DUPLICATE_FIELD_NAME`): what other fields’ `show_if` refer to',
    }),
  ),
  show_if: Type.Optional(
    Strict(
      {
        field: Text(64, {
          minLength: 1,
          description: 'The `name` of a field of any signer of the envelope (else 400 `UNKNOWN_CONDITION_FIELD`)',
        }),
        equals: Type.Union([Text(1000), Type.Boolean()], {
          description: 'true/false for a checkbox source; the chosen option or the text for radio, dropdown and text sources',
        }),
      },
      {
        description:
          'Show the field only while the named field has this value; a hidden field is neither required nor stamped. Conditions that lead back to their field: 400 `CONDITION_CYCLE`',
      },
    ),
  ),
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

export const GroupMemberSchema = Strict({
  name: Type.Optional(Text(255, { minLength: 1 })),
  first_name: Type.Optional(Text(127, { minLength: 1 })),
  last_name: Type.Optional(Text(127, { minLength: 1 })),
  email: Email(),
  language: Type.Optional(RecipientLanguage),
});

export const SigningGroupSchema = Strict(
  {
    name: RequiredText(100, 'INVALID_SIGNING_GROUP'),
    members: List(GroupMemberSchema, 50, { description: '2 to 20 members (else 400 `INVALID_SIGNING_GROUP`), each address once' }),
    required: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 20,
        format: 'int32',
        'x-invalid-code': 'INVALID_SIGNING_GROUP',
        description: 'How many members must sign (default 1; at most the number of members)',
      }),
    ),
  },
  {
    description:
      'A signing group in this entry’s place: every member is invited and signs their own copy of the entry’s `fields`; the step is done once `required` of them signed, and the others are then `NotNeeded`. A group entry takes only `group`, `signing_order` and `fields`.',
  },
);

const SignerRoleName = Text(16, {
  description:
    '`signer` (default), `approver` (approves, no fields), `viewer` (done once every document was fetched, no fields), `in_person` (signs on the device of `host_email`), `witness` (signs right after the signer of `witness_for`); else 400 `INVALID_SIGNER_ROLE`',
});

/** A signer entry: a person with their step's role, or a signing group (docs/api/workflows.md). */
export const SignerSchema = Strict(
  {
    name: Type.Optional(Text(255, { minLength: 1 })),
    first_name: Type.Optional(Text(127, { minLength: 1 })),
    last_name: Type.Optional(Text(127, { minLength: 1 })),
    email: Type.Optional(
      Email({ description: 'Required, except for a witness whom the witnessed signer names at signing, and for a group entry' }),
    ),
    role: Type.Optional(SignerRoleName),
    host_email: Type.Optional(
      Email({ description: 'in_person only: the address of a user of the account, the host (else 400 `HOST_NOT_FOUND`)' }),
    ),
    witness_for: Type.Optional(
      Text(320, {
        minLength: 1,
        description: 'witness only: the e-mail (or signer_title) of the signer witnessed (else 400 `WITNESS_TARGET_NOT_FOUND`)',
      }),
    ),
    group: Type.Optional(SigningGroupSchema),
    signing_order: Type.Optional(SignerOrder),
    country_code: Type.Optional(Int(1, 9999)),
    phone_number: Type.Optional(Text(32, { pattern: '^[0-9 ()+-]{3,32}$' })),
    private_note: Type.Optional(Text(2000)),
    language: Type.Optional(RecipientLanguage),
    fields: Type.Optional(List(FieldSchema, 200)),
    authentication: Type.Optional(AuthenticationSchema),
  },
  { description: 'A person (`email` and a name), or a signing group (`group`); at most 50 people in all, group members included' },
);
export type SignerRequest = Static<typeof SignerSchema>;

const PERSON_KEYS = [
  'name',
  'first_name',
  'last_name',
  'email',
  'role',
  'host_email',
  'witness_for',
  'country_code',
  'phone_number',
  'private_note',
  'language',
  'authentication',
] as const;

export const toGroupMember = (member: Static<typeof GroupMemberSchema>) => ({
  name: member.name,
  firstName: member.first_name,
  lastName: member.last_name,
  email: member.email,
  language: member.language,
});

export const toSignerInput = (signer: SignerRequest): SignerInput => ({
  name: signer.name,
  firstName: signer.first_name,
  lastName: signer.last_name,
  email: signer.email ?? '',
  signingOrder: signer.signing_order,
  countryCode: signer.country_code,
  phoneNumber: signer.phone_number,
  privateNote: signer.private_note,
  language: signer.language,
  fields: signer.fields,
  authentication: toAuthenticationInput(signer.authentication),
  role: signer.role,
  hostEmail: signer.host_email,
  witnessFor: signer.witness_for,
  ...(signer.group
    ? {
        group: {
          name: signer.group.name,
          required: signer.group.required,
          members: signer.group.members.map(toGroupMember),
        },
        personKeys: PERSON_KEYS.filter((key) => signer[key] !== undefined),
      }
    : {}),
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

/** What a document's intake brings with it (docs/api/form-fields.md): a base64 document's keys, or an upload's beside its file_id. */
export const documentIntakeProperties = {
  form_fields: Type.Optional(
    Type.Unsafe<'ignore' | 'import'>({
      type: 'string',
      enum: ['ignore', 'import'],
      maxLength: 6,
      description:
        '`import`: the PDF form’s text, checkbox, radio, choice and unsigned signature fields become fields at their widgets’ rectangles (placeholder: the PDF field’s full name; its value the default_value, not editable when the PDF field is read-only) and leave the stored document. `ignore` (default): the form stays as drawn. Either way the sealed PDF is flattened: no form field is left but the seal’s signature. A form of more than 2000 widgets: 400 `TOO_MANY_FIELDS`; a field tree that loops or nests deeper than 32 levels: 400 `INVALID_PDF`',
    }),
  ),
  form_field_map: Type.Optional(
    Type.Record(Text(255, { minLength: 1 }), Type.Union([Text(320, { minLength: 1 }), Int(1, 50)]), {
      maxProperties: 500,
      propertyNames: { minLength: 1, maxLength: 255 },
      description:
        'Who fills the imported fields: a PDF field’s full name, or a prefix ending in `*` (`*` alone: every field), to a signer_title (or the signer’s e-mail) or a 1-based position in `signers` (observers not counted; a signing group is one position and each member fills a copy). An exact name wins over prefixes, a longer prefix over a shorter. A field no key matches: 400 `FORM_FIELD_UNASSIGNED` naming every such field; a value naming no signer: 400 `SIGNER_TITLE_NOT_FOUND`; a field for an approver or viewer: 400 `FIELDS_NOT_ALLOWED`; the map without `form_fields: "import"`: 400 `INVALID_FIELD`',
    }),
  ),
  text_tags: Type.Optional(
    Type.Boolean({
      description:
        'true: tags `{{<type>:<signer>[;<option>]…}}` in the document’s text (`{{signature:1}}`, `{{date:Buyer}}`, `{{text:2;name=company;w=180}}`) become fields of the signers they name (1-based position, signer_title or e-mail) where they are printed, and are erased from the stored and sealed document; options `required`, `optional`, `name=`, `w=`, `h=` (points), `default=`, `options=a|b` (docs/api/text-tags.md). Every bad tag: 400 `INVALID_TEXT_TAG` with its page and text; more than 2000 tags: 400 `TOO_MANY_FIELDS`. Default false',
    }),
  ),
};

/** A base64 document of an envelope or template, with what its intake brings. */
export const IntakeDocument = Strict({ ...Base64Document.properties, ...documentIntakeProperties });
export type IntakeDocumentRequest = Static<typeof IntakeDocument>;

/** The intake options of a document in the request, as the use cases take them; undefined when none is given. */
export const toDocumentIntake = (document: {
  form_fields?: 'ignore' | 'import';
  form_field_map?: Record<string, string | number>;
  text_tags?: boolean;
}): DocumentIntake | undefined =>
  document.form_fields === undefined && document.form_field_map === undefined && document.text_tags === undefined
    ? undefined
    : { formFields: document.form_fields, formFieldMap: document.form_field_map, textTags: document.text_tags };

/** A base64 document as the use cases take it. */
export const toIntakeDocument = (document: IntakeDocumentRequest) => ({
  name: document.name,
  contentBase64: document.content_base64,
  intake: toDocumentIntake(document),
});

const RecipientSummary = Type.Object({ recipient_id: Id('rcp'), email: Email(), status: Text(16) });

const SignerSummary = Type.Union([
  Type.Object({
    recipient_id: Id('rcp'),
    email: Text(320, { description: 'Empty for a witness the witnessed signer names at signing' }),
    status: Text(16),
    role: SignerRoleName,
  }),
  Type.Object({
    group: Type.Object({ group_id: Id('grp'), name: Text(100), members: List(RecipientSummary, 20) }),
  }),
]);

export const CreatedEnvelope = Type.Object({
  envelope_id: Id('env'),
  status: Text(16),
  signing_due_date: Timestamp(),
  documents: List(Type.Object({ document_id: Id('doc'), name: Text(255), pages: Int(1, 500) }), 10),
  recipients: Type.Object({
    signers: List(SignerSummary, 50, { description: 'One per signer entry, a signing group as `group` with its members' }),
    observers: List(RecipientSummary, 50),
  }),
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

/** The created signers, a group's members (consecutive) gathered into one entry in its place. */
const presentCreatedSigners = (signers: readonly CreatedSigner[]) => {
  const entries: (
    ReturnType<typeof personSummary> | { group: { group_id: string; name: string; members: ReturnType<typeof summary>[] } }
  )[] = [];
  for (const signer of signers) {
    if (!signer.group) {
      entries.push(personSummary(signer));
      continue;
    }
    const last = entries.at(-1);
    if (last && 'group' in last && last.group.group_id === signer.group.groupId) last.group.members.push(summary(signer));
    else entries.push({ group: { group_id: signer.group.groupId, name: signer.group.name, members: [summary(signer)] } });
  }
  return entries;
};

const summary = (recipient: { recipientId: string; email: string; status: string }) => ({
  recipient_id: recipient.recipientId,
  email: recipient.email,
  status: recipient.status,
});

// Responses stored for an Idempotency-Key before roles existed have none: they were all signers.
const personSummary = (signer: CreatedSigner) => ({ ...summary(signer), role: signer.role ?? 'signer' });

export const presentCreatedEnvelope = (created: NewlyCreatedEnvelope) => {
  return {
    envelope_id: created.envelopeId,
    status: created.status,
    signing_due_date: created.signingDueDate,
    documents: created.documents.map((d) => ({ document_id: d.documentId, name: d.name, pages: d.pageCount })),
    recipients: { signers: presentCreatedSigners(created.signers), observers: created.observers.map(summary) },
    warnings: (created.warnings ?? []).map((w) => ({ code: w.code, message: w.message, signer_email: w.signerEmail })),
  };
};
