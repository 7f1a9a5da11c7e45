import type { AppContext } from '../../../app/context.js';
import { uploadFiles, type UploadScope } from '../../../app/uploads/upload-files.js';
import { callerOf, type App } from '../../app-type.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { readUploadedFiles } from './read-uploaded-files.js';
import { MultipartFiles, presentUploads, UploadedFiles } from './upload.schema.js';

const UPLOAD_DESCRIPTION =
  'multipart/form-data with one or more `file` parts, each a PDF of at most 25 MB (at most 10 files). ' +
  'Returns a `file_id` per file, for `file_ids` of the matching create_with_files; unused uploads are purged after 24 h. ' +
  'An envelope upload past the monthly quota answers 403 ENVELOPE_QUOTA_EXCEEDED; past 100 unused uploads (or 1 GB) per account, 403 UPLOAD_QUOTA_EXCEEDED. ' +
  'Accepts an Idempotency-Key header.';

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
        body: { content: { 'multipart/form-data': { schema: MultipartFiles } } },
        response: { 201: Ok(UploadedFiles, 'Files uploaded'), ...errorResponses(400, 401, 403, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const uploads = await uploadFiles(ctx, callerOf(request), scope, () => readUploadedFiles(request));
      return reply.status(201).send({ message: 'Files uploaded successfully.', data: presentUploads(uploads) });
    },
  );

export const uploadEnvelopeFileRoute = uploadRoute('/envelopes/upload_file', 'envelope', 'uploadEnvelopeFile', 'Envelopes');
