import { Type, type Static } from 'typebox';
import { envelopeRequestProblems } from '../../../app/envelopes/envelope-creation.js';
import { AppError, type Problem } from '../../../domain/app-error.js';
import type { AppContext } from '../../../app/context.js';
import {
  createEnvelopeFromTemplate,
  type RoleObserverInput,
  type RoleSignerInput,
} from '../../../app/envelopes/create-envelope-from-template.js';
import { callerOf, type App } from '../../app-type.js';
import { idempotentResponse } from '../../idempotency.js';
import { originOf } from '../../request-origin.js';
import { bodyValidation } from '../../validator.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Email, List, RequiredText, Strict, Text, errorResponses } from '../../schema-kit.js';
import {
  envelopeSettingsProperties,
  GroupMemberSchema,
  ObserverSchema,
  SignerSchema,
  toAuthenticationInput,
  toEnvelopeInput,
  toGroupMember,
} from './envelope.schema.js';
import { CreatedEnvelopeResponse, createdBody } from './created-envelope-body.js';

const FormField = Strict({
  placeholder: RequiredText(100, 'FORM_FIELD_PLACEHOLDER_REQUIRED'),
  default_value: Text(1000),
  editable: Type.Union([Type.Boolean(), Type.String({ enum: ['TRUE', 'FALSE', 'true', 'false'], maxLength: 5 })], {
    description: 'true/false, or "TRUE"/"FALSE"',
  }),
});

const signer = SignerSchema.properties;
export const RoleSigner = Strict({
  signer_title: RequiredText(100, 'SIGNER_TITLE_IS_REQUIRED'),
  name: Type.Optional(RequiredText(255, 'RECIPIENT_NAME_REQUIRED')),
  email: Type.Optional(Email({ description: 'Required, except for a witness role named at signing, and for a group role' })),
  group: Type.Optional(
    Strict(
      { members: List(GroupMemberSchema, 50, { description: '2 to 20 (or the role’s `group.size`), else 400 `INVALID_SIGNING_GROUP`' }) },
      { description: 'For a role that is a signing group, instead of name and email: its members' },
    ),
  ),
  country_code: signer.country_code,
  phone_number: signer.phone_number,
  signing_order: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 1000,
      format: 'int32',
      'x-invalid-code': 'INVALID_SIGNING_ORDER',
      description: "Accepted for compatibility; the role's signing order applies",
    }),
  ),
  private_note: signer.private_note,
  language: signer.language,
  form_fields: Type.Optional(List(FormField, 200)),
  authentication: signer.authentication,
});

/** A group role's entry names its members only. */
const GROUP_EXCLUDED_KEYS = ['name', 'email', 'country_code', 'phone_number', 'private_note', 'language', 'authentication'] as const;

export const RoleObserver = Strict({
  observer_title: RequiredText(100, 'OBSERVER_TITLE_IS_REQUIRED'),
  name: RequiredText(255, 'RECIPIENT_NAME_REQUIRED'),
  email: ObserverSchema.properties.email,
  language: ObserverSchema.properties.language,
});

export const CreateWithTemplateBody = Strict({
  template_id: RequiredText(64, 'TEMPLATE_ID_REQUIRED'),
  envelope: Strict({ name: RequiredText(255, 'ENVELOPE_NAME_REQUIRED'), ...envelopeSettingsProperties }),
  recipients: Strict({ signers: List(RoleSigner, 50, { minItems: 1 }), observers: Type.Optional(List(RoleObserver, 50)) }),
});

/**
 * A request whose body failed its schema: its problems with those of the recipients, where they
 * passed. The settings and roles are checked against the template once the body is valid.
 */
const invalidTemplateRequest = (schemaProblems: Problem[], recipients?: Static<typeof CreateWithTemplateBody>['recipients']) =>
  AppError.of([
    ...schemaProblems,
    ...envelopeRequestProblems({
      // A signer without an address (a group's or a witness's role) is checked once the roles are known.
      signers: recipients?.signers.every((signer) => signer.email !== undefined)
        ? recipients.signers.map((signer) => ({
            name: signer.name,
            email: signer.email ?? '',
            countryCode: signer.country_code,
            phoneNumber: signer.phone_number,
            authentication: toAuthenticationInput(signer.authentication),
          }))
        : undefined,
      observers: recipients?.observers,
    }),
  ]);

/** A role's signer entry as the use cases take it. */
export const toRoleSignerInput = (signer: Static<typeof RoleSigner>): RoleSignerInput => ({
  signerTitle: signer.signer_title,
  name: signer.name,
  email: signer.email,
  countryCode: signer.country_code,
  phoneNumber: signer.phone_number,
  privateNote: signer.private_note,
  authentication: toAuthenticationInput(signer.authentication),
  language: signer.language,
  formFields: signer.form_fields?.map((f) => ({
    placeholder: f.placeholder,
    defaultValue: f.default_value,
    editable: f.editable,
  })),
  ...(signer.group
    ? {
        groupMembers: signer.group.members.map(toGroupMember),
        personKeys: GROUP_EXCLUDED_KEYS.filter((key) => signer[key] !== undefined),
      }
    : {}),
});

export const toRoleObserverInput = (observer: Static<typeof RoleObserver>): RoleObserverInput => ({
  observerTitle: observer.observer_title,
  name: observer.name,
  email: observer.email,
  language: observer.language,
});

export const createEnvelopeWithTemplateRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/create_with_template',
    {
      config: { idempotent: true },
      // Schema problems are answered with those of the recipients (docs/api/conventions.md: every problem at once).
      attachValidation: true,
      schema: {
        operationId: 'createEnvelopeWithTemplate',
        summary: 'Create and send an envelope from a template',
        description:
          "Every signer role of the template is filled exactly once (by signer_title); the role's signing order and fields apply, " +
          '`form_fields` prefill them by placeholder, and settings the request omits come from the template. Accepts an Idempotency-Key header.',
        tags: ['Envelopes'],
        body: Example(CreateWithTemplateBody, {
          template_id: 'tpl_8T2HrtYsl5XErp4YvyWFIg',
          envelope: { name: 'Employment contract – Grace Hopper', expiration_days: 14 },
          recipients: {
            signers: [
              {
                signer_title: 'Employee',
                name: 'Grace Hopper',
                email: 'grace@example.com',
                form_fields: [{ placeholder: 'Start date', default_value: '2026-04-01', editable: false }],
              },
              { signer_title: 'Employer', name: 'Ada Lovelace', email: 'ada@example.com' },
            ],
            observers: [{ observer_title: 'HR', name: 'HR team', email: 'hr@example.com' }],
          },
        }),
        response: {
          201: CreatedEnvelopeResponse,
          ...errorResponses(400, 401, 403, 404, 409, 422, 429),
          ...errorExample('TEMPLATE_INACTIVE', 'Template tpl_8T2HrtYsl5XErp4YvyWFIg is inactive; activate it first.'),
        },
      },
    },
    async (request, reply) => {
      const failed = bodyValidation(request);
      if (failed) throw invalidTemplateRequest(failed.problems, failed.usable('recipients'));
      const { template_id: templateId, envelope, recipients } = request.body;
      const created = await createEnvelopeFromTemplate(
        ctx,
        callerOf(request),
        {
          templateId,
          envelope: toEnvelopeInput(envelope),
          signers: recipients.signers.map(toRoleSignerInput),
          observers: (recipients.observers ?? []).map(toRoleObserverInput),
        },
        originOf(request),
        idempotentResponse(request, 201, createdBody),
      );
      return reply.status(201).send(createdBody(created));
    },
  );
