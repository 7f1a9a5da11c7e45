import type { AppContext } from '../../../app/context.js';
import { createTemplateFromDocuments } from '../../../app/templates/create-template.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { List, Strict, errorResponses } from '../../schema-kit.js';
import { Base64Document } from '../envelopes/envelope.schema.js';
import { CreatedTemplate, presentCreatedTemplate, RolesObject, TemplateObject, rolesExample } from './template.schema.js';

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
          201: Example(CreatedTemplate, {
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
                },
              ],
            },
          }),
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
