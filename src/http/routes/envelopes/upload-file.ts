import type { AppContext } from '../../../app/context.js';
import { recordUploads, type UploadScope } from '../../../app/uploads/record-uploads.js';
import type { App } from '../../app-type.js';
import { callerOf } from '../../app-type.js';
import { errorResponses } from '../../schema-kit.js';
import { UploadedFiles } from './upload.schema.js';
import { readUploadedFiles } from './read-uploaded-files.js';

const UPLOAD_DESCRIPTION =
  'multipart/form-data with one or more `file` parts, each a PDF of at most 25 MB (at most 10 files). ' +
  'Returns a `file_id` per file, for `file_ids` of the matching create_with_files; unused uploads are purged after 24 h. Accepts an Idempotency-Key header.';

/** `POST <path>`: uploads for envelopes or for templates (their ids are not interchangeable). */
export const uploadRoute = (path: string, scope: UploadScope, operationId: string, tag: string) => (app: App, ctx: AppContext) =>
  app.post(
    path,
    {
      config: { idempotent: true },
      schema: {
        operationId,
        summary: `Upload PDF files for a later ${scope} creation`,
        description: UPLOAD_DESCRIPTION,
        tags: [tag],
        consumes: ['multipart/form-data'],
        response: { 201: UploadedFiles, ...errorResponses(400, 401, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const files = await recordUploads(ctx, callerOf(request), scope, await readUploadedFiles(ctx, request));
      return reply.status(201).send({ message: 'Files uploaded successfully.', data: { files } });
    },
  );

export const uploadEnvelopeFileRoute = uploadRoute('/envelopes/upload_file', 'envelope', 'uploadEnvelopeFile', 'Envelopes');
