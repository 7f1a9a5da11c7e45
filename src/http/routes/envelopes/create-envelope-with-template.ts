import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { createEnvelopeFromTemplate } from '../../../app/envelopes/create-envelope-from-template.js';
import { callerOf, type App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { List, RequiredText, Strict, Text, errorResponses } from '../../schema-kit.js';
import { CreatedEnvelope, envelopeSettingsProperties, ObserverSchema, SignerSchema } from './envelope.schema.js';

const FormField = Strict({
  placeholder: RequiredText(100, 'FORM_FIELD_PLACEHOLDER_REQUIRED'),
  default_value: Text(1000),
  editable: Type.Union([Type.Boolean(), Type.String({ enum: ['TRUE', 'FALSE', 'true', 'false'], maxLength: 5 })], { description: 'true/false, or "TRUE"/"FALSE"' }),
});

const signer = SignerSchema.properties;
const RoleSigner = Strict({
  signer_title: RequiredText(100, 'SIGNER_TITLE_IS_REQUIRED'),
  name: RequiredText(255, 'RECIPIENT_NAME_REQUIRED'),
  email: signer.email,
  country_code: signer.country_code,
  phone_number: signer.phone_number,
  signing_order: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, format: 'int32', 'x-invalid-code': 'INVALID_SIGNING_ORDER', description: "Accepted for compatibility; the role's signing order applies" })),
  private_note: signer.private_note,
  form_fields: Type.Optional(List(FormField, 200)),
});

const RoleObserver = Strict({
  observer_title: RequiredText(100, 'OBSERVER_TITLE_IS_REQUIRED'),
  name: RequiredText(255, 'RECIPIENT_NAME_REQUIRED'),
  email: ObserverSchema.properties.email,
});

const CreateWithTemplateBody = Strict({
  template_id: RequiredText(64, 'TEMPLATE_ID_REQUIRED'),
  envelope: Strict({ name: RequiredText(255, 'ENVELOPE_NAME_REQUIRED'), ...envelopeSettingsProperties }),
  recipients: Strict({ signers: List(RoleSigner, 50, { minItems: 1 }), observers: Type.Optional(List(RoleObserver, 50)) }),
});

export const createEnvelopeWithTemplateRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/create_with_template',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createEnvelopeWithTemplate',
        summary: 'Create and send an envelope from a template',
        description:
          "Every signer role of the template is filled exactly once (by signer_title); the role's signing order and fields apply, " +
          '`form_fields` prefill them by placeholder, and settings the request omits come from the template. Accepts an Idempotency-Key header.',
        tags: ['Envelopes'],
        body: CreateWithTemplateBody,
        response: { 201: CreatedEnvelope, ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const { template_id, envelope, recipients } = request.body;
      const data = await createEnvelopeFromTemplate(ctx, callerOf(request), { template_id, envelope, signers: recipients.signers, observers: recipients.observers ?? [] }, originOf(request));
      return reply.status(201).send({ message: 'Envelope created successfully.', data });
    },
  );
