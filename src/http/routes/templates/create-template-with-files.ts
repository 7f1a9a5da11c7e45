import type { AppContext } from '../../../app/context.js';
import { createTemplateFromUploads } from '../../../app/templates/create-template.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Strict, errorResponses } from '../../schema-kit.js';
import { FileReferences, toFileReferences } from '../envelopes/upload.schema.js';
import {
  CreatedTemplateResponse,
  presentCreatedTemplate,
  RolesObject,
  TemplateObject,
  rolesExample,
  toTemplateRoles,
} from './template.schema.js';

const CreateTemplateWithFilesBody = Strict({ template: TemplateObject, file_ids: FileReferences, roles: RolesObject });

export const createTemplateWithFilesRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/templates/create_with_files',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createTemplateWithFiles',
        summary: 'Create a template from uploaded files',
        description:
          'As createTemplate, with `file_ids` from templates/upload_file instead of `documents`: each a file_id, or `{"file_id", "form_fields", "form_field_map", "text_tags"}`. Each upload is used once. Accepts an Idempotency-Key header.',
        tags: ['Templates'],
        body: Example(CreateTemplateWithFilesBody, {
          template: {
            name: 'Employment contract',
            description: 'Permanent contracts, engineering',
            expiration_days: 14,
            email_reminders: true,
            reminder_period: 3,
            sign_process_flow: 'Sequential',
          },
          file_ids: [{ file_id: 'file_j2P97qWscB1UZnNqHPCZKg', form_fields: 'import', form_field_map: { '*': 'Employee' } }],
          roles: rolesExample,
        }),
        response: {
          201: CreatedTemplateResponse,
          ...errorResponses(400, 401, 413, 422, 429),
          ...errorExample('FILE_NOT_FOUND', 'No unused upload file_j2P97qWscB1UZnNqHPCZKg for this kind of request: upload it again.', {
            field: 'file_ids[0]',
            message: 'The request is invalid.',
          }),
        },
      },
    },
    async (request, reply) => {
      const { template, file_ids: files, roles } = request.body;
      const created = await createTemplateFromUploads(ctx, callerOf(request), {
        template,
        ...toFileReferences(files),
        roles: toTemplateRoles(roles),
      });
      return reply.status(201).send({ message: 'Template created successfully.', data: presentCreatedTemplate(created) });
    },
  );
