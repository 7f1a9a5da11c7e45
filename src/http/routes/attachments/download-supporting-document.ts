import { readAttachment } from '../../../app/attachments/read-attachments.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { SupportingDocumentContent, SupportingDocumentParams, presentSupportingDocumentContent } from './attachment.schema.js';

export const downloadSupportingDocumentRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/envelopes/:envelopeId/supportingdocuments/:supportingDocumentId/download',
    {
      schema: {
        operationId: 'downloadSupportingDocument',
        summary: 'Download one supporting document as base64',
        tags: ['Attachments'],
        params: SupportingDocumentParams,
        response: {
          200: Example(SupportingDocumentContent, {
            message: 'Supporting document retrieved successfully.',
            data: {
              supporting_document_id: 'att_3TXcLOo0ituOD8eQ6l_0Yw',
              name: 'Passport copy.pdf',
              content_type: 'application/pdf',
              content_base64: 'JVBERi0xLjcKJeLjz9MKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCg==',
            },
          }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('SUPPORTING_DOCUMENT_NOT_FOUND', 'No supporting document att_3TXcLOo0ituOD8eQ6l_0Yw in this envelope.'),
        },
      },
    },
    async (request) => {
      const { envelopeId, supportingDocumentId } = request.params;
      const attachment = await readAttachment(ctx, callerOf(request), envelopeId, supportingDocumentId);
      return { message: 'Supporting document retrieved successfully.', data: presentSupportingDocumentContent(attachment) };
    },
  );
