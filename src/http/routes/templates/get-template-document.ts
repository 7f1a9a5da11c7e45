import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { getTemplateDocument } from '../../../app/templates/get-template.js';
import { callerOf, type App } from '../../app-type.js';
import { BytesExample, errorExample } from '../../openapi-examples.js';
import { Strict, Text, errorResponses } from '../../schema-kit.js';

const MAX_PDF_BYTES = 25 * 1024 * 1024;

/** A PDF answered inline, under its document's name. */
export const PdfResponse = {
  description: 'The PDF',
  content: {
    'application/pdf': {
      schema: BytesExample(
        Type.Unsafe<Buffer>({ type: 'string', format: 'binary', maxLength: MAX_PDF_BYTES }),
        'The PDF',
        "The document's bytes, starting `%PDF-`, shown inline (`Content-Disposition: inline`).",
        '%PDF-1.7\n%…',
      ),
    },
  },
};

export const getTemplateDocumentRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/templates/:templateId/documents/:documentId',
    {
      schema: {
        operationId: 'getTemplateDocument',
        summary: "Download one of a template's documents (PDF bytes)",
        description: 'Answers `application/pdf`. A document the template does not have is 404 `DOCUMENT_NOT_FOUND`.',
        tags: ['Templates'],
        params: Strict({ templateId: Text(64, { minLength: 1 }), documentId: Text(64, { minLength: 1 }) }),
        response: {
          200: PdfResponse,
          ...errorResponses(400, 401, 404, 410, 429),
          ...errorExample('DOCUMENT_NOT_FOUND', 'The template has no document doc_FDbMyONAc6X0ABi9U7b6Bg.'),
        },
      },
    },
    async (request, reply) => {
      const { templateId, documentId } = request.params;
      const { name, bytes } = await getTemplateDocument(ctx, callerOf(request), templateId, documentId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${encodeURIComponent(name)}"`)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
