import { Type } from 'typebox';
import { Id, Int, List, Ok, RequiredText, Strict, Text, Timestamp } from '../../schema-kit.js';
import { envelopeSettingsProperties, FieldSchema } from '../envelopes/envelope.schema.js';

export const TemplateObject = Strict({
  name: RequiredText(255, 'TEMPLATE_NAME_REQUIRED'),
  description: Type.Optional(Text(2000)),
  ...envelopeSettingsProperties,
});

const SignerRoleSchema = Strict({
  signer_title: RequiredText(100, 'SIGNER_TITLE_IS_REQUIRED'),
  signing_order: Type.Optional(Int(1, 1000, { 'x-invalid-code': 'INVALID_SIGNING_ORDER' })),
  fields: Type.Optional(List(FieldSchema, 200)),
});

const ObserverRoleSchema = Strict({ observer_title: RequiredText(100, 'OBSERVER_TITLE_IS_REQUIRED') });

export const RolesObject = Strict({
  signers: List(SignerRoleSchema, 50, { minItems: 1 }),
  observers: Type.Optional(List(ObserverRoleSchema, 50)),
});

const RoleSummary = Type.Object({
  signers: List(Type.Object({ signer_title: Text(100), signing_order: Int(1, 1000), fields: Int(0, 200) }), 50),
  observers: List(Type.Object({ observer_title: Text(100) }), 50),
});

const TemplateStatus = Type.String({ enum: ['Active', 'Inactive'], maxLength: 8 });

export const CreatedTemplate = Ok(
  Type.Object({
    template_id: Id('tpl'),
    name: Text(255),
    description: Type.Union([Text(2000), Type.Null()]),
    status: TemplateStatus,
    created_at: Timestamp(),
    settings: Type.Object({}, { additionalProperties: true, description: 'The envelope setting defaults, as given' }),
    roles: RoleSummary,
    documents: List(Type.Object({ document_id: Id('doc'), name: Text(255), pages: Int(1, 500), sha256: Text(64) }), 10),
  }),
  'Template created',
);

export const TemplateList = Ok(
  Type.Object({
    templates: List(Type.Object({ template_id: Id('tpl'), name: Text(255), status: TemplateStatus, created_at: Timestamp(), roles: RoleSummary }), 100),
    page: Int(1, 1_000_000),
    page_size: Int(1, 100),
    total: Int(0, 1_000_000_000),
  }),
  'One page of templates',
);

export const TemplateActionResult = Ok(
  Type.Object({ template_id: Id('tpl'), name: Text(255), status: TemplateStatus, deleted: Type.Boolean() }),
  'The template after the action',
);
