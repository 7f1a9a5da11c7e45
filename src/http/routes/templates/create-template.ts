import type { AppContext } from '../../../app/context.js';
import { createTemplateFromDocuments } from '../../../app/templates/create-template.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { List, Strict, errorResponses } from '../../schema-kit.js';
import { IntakeDocument, toIntakeDocument } from '../envelopes/envelope.schema.js';
import {
  CreatedTemplateResponse,
  presentCreatedTemplate,
  RolesObject,
  TemplateObject,
  rolesExample,
  toTemplateRoles,
} from './template.schema.js';

const CreateTemplateBody = Strict({ template: TemplateObject, documents: List(IntakeDocument, 10, { minItems: 1 }), roles: RolesObject });

export const createTemplateRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/templates/create',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createTemplate',
        summary: 'Create a template from base64 documents',
        description:
          'Also answers at /template/create. Signer roles carry the fields envelopes made from the template get; a document with `form_fields: "import"` (or `text_tags: true`) adds the fields it brings to the roles its map names (by signer_title or 1-based position among the signer roles), where envelopes’ `form_fields` prefill them by the PDF field’s name. Accepts an Idempotency-Key header.',
        tags: ['Templates'],
        body: Example(CreateTemplateBody, {
          template: {
            name: 'Employment contract',
            description: 'Permanent contracts, engineering',
            expiration_days: 14,
            email_reminders: true,
            reminder_period: 3,
            sign_process_flow: 'Sequential',
          },
          documents: [
            {
              name: 'Employment contract.pdf',
              content_base64: 'JVBERi0xLjcKJeLjz9MKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCg==',
              form_fields: 'import',
              form_field_map: { 'employee.*': 'Employee', 'employer.*': 'Employer' },
            },
          ],
          roles: rolesExample,
        }),
        response: {
          201: CreatedTemplateResponse,
          ...errorResponses(400, 401, 413, 415, 422, 429),
          ...errorExample('DUPLICATE_SIGNER_TITLE', 'The title "Employee" is given twice.', {
            field: 'roles.signers[1].signer_title',
            message: 'The request is invalid.',
          }),
        },
      },
    },
    async (request, reply) => {
      const { template, documents, roles } = request.body;
      const created = await createTemplateFromDocuments(ctx, callerOf(request), {
        template,
        documents: documents.map(toIntakeDocument),
        roles: toTemplateRoles(roles),
      });
      return reply.status(201).send({ message: 'Template created successfully.', data: presentCreatedTemplate(created) });
    },
  );
