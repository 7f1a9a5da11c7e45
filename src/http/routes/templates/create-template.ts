import type { AppContext } from '../../../app/context.js';
import { createTemplateFromDocuments } from '../../../app/templates/create-template.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { List, Strict, errorResponses } from '../../schema-kit.js';
import { Base64Document } from '../envelopes/envelope.schema.js';
import { CreatedTemplateResponse, presentCreatedTemplate, RolesObject, TemplateObject, rolesExample } from './template.schema.js';

const CreateTemplateBody = Strict({ template: TemplateObject, documents: List(Base64Document, 10, { minItems: 1 }), roles: RolesObject });

export const createTemplateRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/templates/create',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createTemplate',
        summary: 'Create a template from base64 documents',
        description:
          'Also answers at /template/create. Signer roles carry the fields envelopes made from the template get. Accepts an Idempotency-Key header.',
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
        documents: documents.map((doc) => ({ name: doc.name, contentBase64: doc.content_base64 })),
        roles: { signers: roles.signers, observers: roles.observers ?? [] },
      });
      return reply.status(201).send({ message: 'Template created successfully.', data: presentCreatedTemplate(created) });
    },
  );
