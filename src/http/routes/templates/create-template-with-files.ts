import type { AppContext } from '../../../app/context.js';
import { createTemplateFromUploads } from '../../../app/templates/create-template.js';
import { callerOf, type App } from '../../app-type.js';
import { Strict, errorResponses } from '../../schema-kit.js';
import { FileIds } from '../envelopes/upload.schema.js';
import { CreatedTemplate, presentCreatedTemplate, RolesObject, TemplateObject } from './template.schema.js';

const CreateTemplateWithFilesBody = Strict({ template: TemplateObject, file_ids: FileIds, roles: RolesObject });

export const createTemplateWithFilesRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/templates/create_with_files',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createTemplateWithFiles',
        summary: 'Create a template from uploaded files',
        description:
          'As createTemplate, with `file_ids` from templates/upload_file instead of `documents`. Each upload is used once. Accepts an Idempotency-Key header.',
        tags: ['Templates'],
        body: CreateTemplateWithFilesBody,
        response: { 201: CreatedTemplate, ...errorResponses(400, 401, 413, 422, 429) },
      },
    },
    async (request, reply) => {
      const { template, file_ids: fileIds, roles } = request.body;
      const created = await createTemplateFromUploads(ctx, callerOf(request), {
        template,
        fileIds,
        roles: { signers: roles.signers, observers: roles.observers ?? [] },
      });
      return reply.status(201).send({ message: 'Template created successfully.', data: presentCreatedTemplate(created) });
    },
  );
