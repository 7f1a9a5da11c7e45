import type { AppContext } from '../../../app/context.js';
import { readUploadDocument } from '../../../app/uploads/read-upload-document.js';
import type { UploadScope } from '../../../app/uploads/upload-files.js';
import { callerOf, type App } from '../../app-type.js';
import { errorExample } from '../../openapi-examples.js';
import { Strict, Text, errorResponses } from '../../schema-kit.js';
import { PdfResponse } from '../templates/get-template-document.js';

/** `GET <path>/:fileId`: an unused upload's PDF, converted when it came in another format. */
export const uploadDocumentRoute = (path: string, scope: UploadScope, operationId: string, tag: string) => (app: App, ctx: AppContext) =>
  app.get(
    `${path}/:fileId`,
    {
      schema: {
        operationId,
        summary: `Download the PDF of an upload for a later ${scope} creation`,
        description:
          'Answers `application/pdf`: the uploaded PDF, or the PDF a DOCX, ODT, RTF, HTML, PNG or JPEG file was converted to (docs/api/conversion.md), so that a client can show its pages before creating. ' +
          'Only uploads of this kind that nothing has used yet; any other `file_id` is 404 `DOCUMENT_NOT_FOUND`.',
        tags: [tag],
        params: Strict({ fileId: Text(64, { minLength: 1, pattern: '^[A-Za-z0-9_-]+$' }) }),
        response: {
          200: PdfResponse,
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('DOCUMENT_NOT_FOUND', 'No unused upload file_Hx9pV2nLq6TzW1aK5dRj8e: upload the file again.'),
        },
      },
    },
    async (request, reply) => {
      const { name, bytes } = await readUploadDocument(ctx, callerOf(request), scope, request.params.fileId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${encodeURIComponent(name)}"`)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

export const getEnvelopeUploadDocumentRoute = uploadDocumentRoute(
  '/envelopes/upload_file',
  'envelope',
  'getEnvelopeUploadDocument',
  'Envelopes',
);
