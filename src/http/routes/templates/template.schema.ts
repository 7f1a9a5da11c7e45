import { Type, type Static } from 'typebox';
import type { CreatedTemplate as CreatedTemplateModel } from '../../../app/templates/create-template.js';
import type { TemplateList as TemplateListModel } from '../../../app/templates/list-templates.js';
import type { TemplateWithDocuments } from '../../../app/templates/get-template.js';
import type { AccountTemplate } from '../../../app/templates/load-template.js';
import type { TemplateRoles } from '../../../app/templates/template-roles.js';
import { Example } from '../../openapi-examples.js';
import { Email, Id, Int, List, Nullable, Num, Ok, RequiredText, Strict, Text, Timestamp } from '../../schema-kit.js';
import { OriginalFile, originalExample, presentOriginal, presentOriginalOf } from '../envelopes/document-original.schema.js';
import { envelopeSettingsProperties, FieldSchema, type FieldRequest } from '../envelopes/envelope.schema.js';

export const TemplateObject = Strict({
  name: RequiredText(255, 'TEMPLATE_NAME_REQUIRED'),
  description: Type.Optional(Text(2000)),
  ...envelopeSettingsProperties,
});

const ROLE_GROUP_DESCRIPTION = 'The role is a signing group: each envelope made from the template names its members (`group.members`)';

const RoleGroup = Strict(
  {
    name: Type.Optional(
      RequiredText(100, 'INVALID_SIGNING_GROUP', {
        description: 'The group’s name in envelopes made from the template (default: the signer_title)',
      }),
    ),
    required: Type.Optional(
      Int(1, 20, { 'x-invalid-code': 'INVALID_SIGNING_GROUP', description: 'How many members must sign (default 1)' }),
    ),
    size: Type.Optional(
      Int(2, 20, {
        'x-invalid-code': 'INVALID_SIGNING_GROUP',
        description: 'How many members an envelope must name (any number from 2 to 20 when absent)',
      }),
    ),
  },
  { description: ROLE_GROUP_DESCRIPTION },
);

/** A role's workflow settings, as templates show them (docs/api/workflows.md). */
const roleSettings = {
  role: Type.Optional(
    Text(16, { description: '`signer` (default), `approver`, `viewer`, `in_person` or `witness` (else 400 `INVALID_SIGNER_ROLE`)' }),
  ),
  host_email: Type.Optional(Email({ description: 'in_person only: the host, a user of the account (else 400 `HOST_NOT_FOUND`)' })),
  witness_for: Type.Optional(
    Text(100, { minLength: 1, description: 'witness only: the signer_title of the role witnessed (else 400 `WITNESS_TARGET_NOT_FOUND`)' }),
  ),
  group: Type.Optional(RoleGroup),
};

/** The same settings as a request gives them: null reads as absent, so an editor can send back what it shows. */
const requestedRoleSettings = {
  role: Type.Optional(Nullable(roleSettings.role)),
  host_email: Type.Optional(Nullable(roleSettings.host_email)),
  witness_for: Type.Optional(Nullable(roleSettings.witness_for)),
  group: Type.Optional(
    Type.Union([
      Strict(
        { ...RoleGroup.properties, required: Type.Optional(Nullable(RoleGroup.properties.required)) },
        { description: ROLE_GROUP_DESCRIPTION },
      ),
      Type.Null(),
    ]),
  ),
};

const SignerRoleSchema = Strict({
  signer_title: RequiredText(100, 'SIGNER_TITLE_IS_REQUIRED'),
  signing_order: Type.Optional(Int(1, 1000, { 'x-invalid-code': 'INVALID_SIGNING_ORDER' })),
  fields: Type.Optional(List(FieldSchema, 200)),
  ...requestedRoleSettings,
});

const ObserverRoleSchema = Strict({ observer_title: RequiredText(100, 'OBSERVER_TITLE_IS_REQUIRED') });

export const RolesObject = Strict({
  signers: List(SignerRoleSchema, 50, { minItems: 1 }),
  observers: Type.Optional(List(ObserverRoleSchema, 50)),
});

const RoleSummary = Type.Object({
  signers: List(Type.Object({ signer_title: Text(100), signing_order: Int(1, 1000), fields: Int(0, 200), ...roleSettings }), 50),
  observers: List(Type.Object({ observer_title: Text(100) }), 50),
});

const TemplateStatus = Type.String({ enum: ['Active', 'Inactive'], maxLength: 8 });

const CreatedTemplateData = Type.Object({
  template_id: Id('tpl'),
  name: Text(255),
  description: Type.Union([Text(2000), Type.Null()]),
  status: TemplateStatus,
  created_at: Timestamp(),
  settings: Type.Object({}, { additionalProperties: true, description: 'The envelope setting defaults, as given' }),
  roles: RoleSummary,
  documents: List(
    Type.Object({ document_id: Id('doc'), name: Text(255), pages: Int(1, 500), sha256: Text(64), original: OriginalFile }),
    10,
  ),
});

export const CreatedTemplate = Ok(CreatedTemplateData, 'Template created');

/** That 201 in the OpenAPI document, one example for both creation routes. */
export const CreatedTemplateResponse = Example(CreatedTemplate, {
  message: 'Template created successfully.',
  data: {
    template_id: 'tpl_8T2HrtYsl5XErp4YvyWFIg',
    name: 'Employment contract',
    description: 'Permanent contracts, engineering',
    status: 'Active',
    created_at: '2026-02-10T13:00:00.000Z',
    settings: { expiration_days: 14, email_reminders: true, reminder_period: 3, sign_process_flow: 'Sequential' },
    roles: {
      signers: [
        { signer_title: 'Employee', signing_order: 1, fields: 2 },
        { signer_title: 'Employer', signing_order: 2, fields: 1 },
      ],
      observers: [{ observer_title: 'HR' }],
    },
    documents: [
      {
        document_id: 'doc_5X5AqEnZAiCRCjTZpXc7kQ',
        name: 'Employment contract.pdf',
        pages: 4,
        sha256: '71ce25b46b6b4741b0b977ba4c1d690cd10a2f224ea193892716265b01893531',
        original: originalExample,
      },
    ],
  },
});

const TemplateListData = Type.Object({
  templates: List(
    Type.Object({ template_id: Id('tpl'), name: Text(255), status: TemplateStatus, created_at: Timestamp(), roles: RoleSummary }),
    100,
  ),
  page: Int(1, 1_000_000),
  page_size: Int(1, 100),
  total: Int(0, 1_000_000_000),
});

export const TemplateList = Ok(TemplateListData, 'One page of templates');

const TemplateActionData = Type.Object({ template_id: Id('tpl'), name: Text(255), status: TemplateStatus, deleted: Type.Boolean() });

export const TemplateActionResult = Ok(TemplateActionData, 'The template after the action');

/** A role's workflow settings where it has them; a plain signer role shows none. */
const presentRoleSettings = (r: TemplateRoles['signers'][number]) => ({
  ...(r.role !== undefined ? { role: r.role } : {}),
  ...(r.host_email !== undefined ? { host_email: r.host_email } : {}),
  ...(r.witness_for !== undefined ? { witness_for: r.witness_for } : {}),
  ...(r.group !== undefined ? { group: r.group } : {}),
});

/** What a template shows of its roles: titles, order and workflow settings, not the field layout. */
const presentRoleSummary = (roles: TemplateRoles): Static<typeof RoleSummary> => ({
  signers: roles.signers.map((r) => ({
    signer_title: r.signer_title,
    signing_order: r.signing_order ?? 1,
    fields: r.fields?.length ?? 0,
    ...presentRoleSettings(r),
  })),
  observers: roles.observers.map((r) => ({ observer_title: r.observer_title })),
});

export const presentCreatedTemplate = ({ template, documents }: CreatedTemplateModel): Static<typeof CreatedTemplateData> => ({
  template_id: template.id,
  name: template.name,
  description: template.description,
  status: template.status,
  created_at: template.createdAt,
  settings: template.settings,
  roles: presentRoleSummary(template.roles),
  documents: documents.map((doc) => ({
    document_id: doc.id,
    name: doc.name,
    pages: doc.pages.length,
    sha256: doc.sha256,
    original: presentOriginalOf(doc),
  })),
});

export const presentTemplateList = (list: TemplateListModel): Static<typeof TemplateListData> => ({
  templates: list.templates.map((template) => ({
    template_id: template.id,
    name: template.name,
    status: template.status,
    created_at: template.createdAt,
    roles: presentRoleSummary(template.roles),
  })),
  page: list.page,
  page_size: list.pageSize,
  total: list.total,
});

export const presentTemplateAction = (template: AccountTemplate): Static<typeof TemplateActionData> => ({
  template_id: template.id,
  name: template.name,
  status: template.status,
  deleted: template.deletedAt !== null,
});

/** A document as an editor renders it: its pages' sizes in PDF points, as the signer sees each page. */
export const EditorDocument = Type.Object({
  document_id: Id('doc'),
  name: Text(255),
  page_count: Int(1, 500),
  page_sizes: List(Type.Object({ width: Num(0, 100_000), height: Num(0, 100_000) }), 500),
});

export const presentEditorDocument = (doc: { id: string; name: string; pages: { width: number; height: number }[] }) => ({
  document_id: doc.id,
  name: doc.name,
  page_count: doc.pages.length,
  page_sizes: doc.pages.map(({ width, height }) => ({ width, height })),
});

const TemplateRolesDetail = Type.Object({
  signers: List(Type.Object({ signer_title: Text(100), signing_order: Int(1, 1000), fields: List(FieldSchema, 200), ...roleSettings }), 50),
  observers: List(Type.Object({ observer_title: Text(100) }), 50),
});

export const TemplateDetailData = Type.Object({
  template_id: Id('tpl'),
  name: Text(255),
  description: Type.Union([Text(2000), Type.Null()]),
  status: TemplateStatus,
  created_at: Timestamp(),
  settings: Type.Object({}, { additionalProperties: true, description: 'The envelope setting defaults, as given' }),
  roles: TemplateRolesDetail,
  documents: List(Type.Object({ ...EditorDocument.properties, original: OriginalFile }), 10),
});

export const TemplateDetail = Ok(TemplateDetailData, 'The template, its roles with their fields, and its documents');

/** A template in full, as its editors show it: the roles with their fields as given, and the documents' page sizes. */
export const presentTemplateDetail = ({ template, documents }: TemplateWithDocuments): Static<typeof TemplateDetailData> => ({
  template_id: template.id,
  name: template.name,
  description: template.description,
  status: template.status,
  created_at: template.createdAt,
  settings: template.settings,
  roles: {
    signers: template.roles.signers.map((r) => ({
      signer_title: r.signer_title,
      signing_order: r.signing_order ?? 1,
      fields: (r.fields ?? []) as FieldRequest[],
      ...presentRoleSettings(r),
    })),
    observers: template.roles.observers.map((r) => ({ observer_title: r.observer_title })),
  },
  documents: documents.map((document) => ({ ...presentEditorDocument(document), original: presentOriginal(document.original) })),
});

/** PUT /templates/{templateId} and the template editor's Save: roles replace the template's roles whole. */
export const TemplateChangesBody = Strict({
  name: Type.Optional(RequiredText(255, 'TEMPLATE_NAME_REQUIRED')),
  description: Type.Optional(Text(2000)),
  roles: Type.Optional(RolesObject),
});

const withoutNulls = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== null)) as { [K in keyof T]: Exclude<T[K], null> };

/** The roles as templates store them: settings given as null are left out. */
export const toTemplateRoles = (roles: Static<typeof RolesObject>): TemplateRoles => ({
  signers: roles.signers.map((role) => {
    const { group, ...settings } = withoutNulls(role);
    return { ...settings, ...(group ? { group: withoutNulls(group) } : {}) };
  }),
  observers: roles.observers ?? [],
});

/** The roles of the examples of the template routes (openapi-examples.ts): an employee and an employer sign, HR watches. */
export const rolesExample: Static<typeof RolesObject> = {
  signers: [
    {
      signer_title: 'Employee',
      signing_order: 1,
      fields: [
        { type: 'signature', page: 4, x: 72, y: 640, width: 180, height: 40, required: true },
        { type: 'text', page: 1, x: 320, y: 210, width: 140, height: 20, placeholder: 'Start date' },
      ],
    },
    { signer_title: 'Employer', signing_order: 2, fields: [{ type: 'signature', page: 4, x: 320, y: 640, width: 180, height: 40 }] },
  ],
  observers: [{ observer_title: 'HR' }],
};

/** A template as the template routes and the template builder answer it, for their examples. */
export const templateDetailExample: Static<typeof TemplateDetailData> = {
  template_id: 'tpl_8T2HrtYsl5XErp4YvyWFIg',
  name: 'Employment contract',
  description: 'Permanent contracts, engineering',
  status: 'Active',
  created_at: '2026-02-10T13:00:00.000Z',
  settings: { expiration_days: 14, email_reminders: true, reminder_period: 3, sign_process_flow: 'Sequential' },
  roles: {
    signers: toTemplateRoles(rolesExample).signers.map((role, index) => ({
      ...role,
      signing_order: index + 1,
      fields: (role.fields ?? []) as FieldRequest[],
    })),
    observers: [{ observer_title: 'HR' }],
  },
  documents: [
    {
      document_id: 'doc_5X5AqEnZAiCRCjTZpXc7kQ',
      name: 'Employment contract.pdf',
      page_count: 4,
      page_sizes: [
        { width: 595.28, height: 841.89 },
        { width: 595.28, height: 841.89 },
        { width: 595.28, height: 841.89 },
        { width: 595.28, height: 841.89 },
      ],
      original: null,
    },
  ],
};
