import type { AppContext } from '../../../app/context.js';
import { decodeBase64Document, storeDocument } from '../../../app/documents/stored-document.js';
import { createTemplate } from '../../../app/templates/create-template.js';
import { callerOf, type App } from '../../app-type.js';
import { List, Strict, errorResponses } from '../../schema-kit.js';
import { Base64Document } from '../envelopes/envelope.schema.js';
import { CreatedTemplate, RolesObject, TemplateObject } from './template.schema.js';

const CreateTemplateBody = Strict({ template: TemplateObject, documents: List(Base64Document, 10, { minItems: 1 }), roles: RolesObject });

export const createTemplateRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/templates/create',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createTemplate',
        summary: 'Create a template from base64 documents',
        description: 'Also answers at /template/create. Signer roles carry the fields envelopes made from the template get. Accepts an Idempotency-Key header.',
        tags: ['Templates'],
        body: CreateTemplateBody,
        response: { 201: CreatedTemplate, ...errorResponses(400, 401, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { template, documents, roles } = request.body;
      const stored = [];
      for (const [i, doc] of documents.entries()) {
        stored.push(await storeDocument(ctx, doc.name, decodeBase64Document(doc.content_base64, `documents[${i}].content_base64`)));
      }
      const data = await createTemplate(ctx, callerOf(request), { template, documents: stored, roles: { signers: roles.signers, observers: roles.observers ?? [] } });
      return reply.status(201).send({ message: 'Template created successfully.', data });
    },
  );
