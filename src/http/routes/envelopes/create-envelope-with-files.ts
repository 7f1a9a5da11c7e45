import type { AppContext } from '../../../app/context.js';
import { createEnvelopeWithFiles } from '../../../app/envelopes/create-envelope-with-files.js';
import { callerOf, type App } from '../../app-type.js';
import { idempotentResponse } from '../../idempotency.js';
import { originOf } from '../../request-origin.js';
import { bodyValidation } from '../../validator.js';
import { invalidEnvelopeRequest } from './envelope-request-problems.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Strict, errorResponses } from '../../schema-kit.js';
import { EnvelopeObject, RecipientsObject, toEnvelopeInput, toObserverInput, toSignerInput } from './envelope.schema.js';
import { CreatedEnvelopeResponse, createdBody, envelopeExample, recipientsExample } from './created-envelope-body.js';
import { FileReferences, toFileReferences } from './upload.schema.js';

const CreateWithFilesBody = Strict({ envelope: EnvelopeObject, file_ids: FileReferences, recipients: RecipientsObject });

export const createEnvelopeWithFilesRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/create_with_files',
    {
      config: { idempotent: true },
      // Schema problems are answered with those of the settings and recipients (docs/api/conventions.md: every problem at once).
      attachValidation: true,
      schema: {
        operationId: 'createEnvelopeWithFiles',
        summary: 'Create and send an envelope from uploaded files',
        description:
          'As createEnvelope, with `file_ids` from upload_file instead of `documents`: each a file_id, or `{"file_id", "form_fields", "form_field_map", "text_tags"}` for an upload whose PDF form fields or text tags become fields. Each upload is used once. Accepts an Idempotency-Key header.',
        tags: ['Envelopes'],
        body: Example(CreateWithFilesBody, {
          envelope: envelopeExample,
          file_ids: [
            'file_j2P97qWscB1UZnNqHPCZKg',
            { file_id: 'file_Vb3kQm8sTn1xRz5wLp0yHg', form_fields: 'import', form_field_map: { '*': 1 } },
          ],
          recipients: recipientsExample,
        }),
        response: {
          201: CreatedEnvelopeResponse,
          ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429),
          ...errorExample('FILE_NOT_FOUND', 'No unused upload file_j2P97qWscB1UZnNqHPCZKg for this kind of request: upload it again.', {
            field: 'file_ids[0]',
            message: 'The request is invalid.',
          }),
        },
      },
    },
    async (request, reply) => {
      const failed = bodyValidation(request);
      if (failed)
        throw invalidEnvelopeRequest(failed.problems, { envelope: failed.usable('envelope'), recipients: failed.usable('recipients') });
      const { envelope, file_ids: files, recipients } = request.body;
      const created = await createEnvelopeWithFiles(
        ctx,
        callerOf(request),
        {
          envelope: toEnvelopeInput(envelope),
          ...toFileReferences(files),
          signers: recipients.signers.map(toSignerInput),
          observers: (recipients.observers ?? []).map(toObserverInput),
        },
        originOf(request),
        idempotentResponse(request, 201, createdBody),
      );
      return reply.status(201).send(createdBody(created));
    },
  );
