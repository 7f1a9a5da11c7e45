import { createEnvelope } from '../../../app/envelopes/create-envelope.js';
import type { AppContext } from '../../../app/context.js';
import { findUnusedUploads, markUploadsUsed } from '../../../app/uploads/use-uploads.js';
import { callerOf, type App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Strict, errorResponses } from '../../schema-kit.js';
import { CreatedEnvelope, EnvelopeObject, RecipientsObject } from './envelope.schema.js';
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
        description: 'As createEnvelope, with `file_ids` from upload_file instead of `documents`. Each upload is used once. Accepts an Idempotency-Key header.',
        tags: ['Envelopes'],
        body: CreateWithFilesBody,
        response: { 201: CreatedEnvelope, ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { envelope, file_ids: fileIds, recipients } = request.body;
      const caller = callerOf(request);
      const documents = await findUnusedUploads(ctx.db, caller.accountId, 'envelope', fileIds);
      const data = await createEnvelope(ctx, caller, { envelope, documents, signers: recipients.signers, observers: recipients.observers ?? [] }, originOf(request), (trx) =>
        markUploadsUsed(ctx, trx, caller.accountId, fileIds),
      );
      return reply.status(201).send({ message: 'Envelope created successfully.', data });
    },
  );
