import type { AppContext } from '../../../app/context.js';
import { createEnvelopeWithFiles } from '../../../app/envelopes/create-envelope-with-files.js';
import { callerOf, type App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Ok, Strict, errorResponses } from '../../schema-kit.js';
import {
  CreatedEnvelope,
  EnvelopeObject,
  presentCreatedEnvelope,
  RecipientsObject,
  toEnvelopeInput,
  toObserverInput,
  toSignerInput,
} from './envelope.schema.js';
import { FileIds } from './upload.schema.js';

const CreateWithFilesBody = Strict({ envelope: EnvelopeObject, file_ids: FileIds, recipients: RecipientsObject });

export const createEnvelopeWithFilesRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/create_with_files',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createEnvelopeWithFiles',
        summary: 'Create and send an envelope from uploaded files',
        description:
          'As createEnvelope, with `file_ids` from upload_file instead of `documents`. Each upload is used once. Accepts an Idempotency-Key header.',
        tags: ['Envelopes'],
        body: CreateWithFilesBody,
        response: { 201: Ok(CreatedEnvelope, 'Envelope created'), ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { envelope, file_ids: fileIds, recipients } = request.body;
      const created = await createEnvelopeWithFiles(
        ctx,
        callerOf(request),
        {
          envelope: toEnvelopeInput(envelope),
          fileIds,
          signers: recipients.signers.map(toSignerInput),
          observers: (recipients.observers ?? []).map(toObserverInput),
        },
        originOf(request),
      );
      return reply.status(201).send({ message: 'Envelope created successfully.', data: presentCreatedEnvelope(created) });
    },
  );
