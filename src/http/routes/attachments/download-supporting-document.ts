import { readAttachment } from '../../../app/attachments/read-attachments.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
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
        response: { 200: SupportingDocumentContent, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const { envelopeId, supportingDocumentId } = request.params;
      const attachment = await readAttachment(ctx, callerOf(request), envelopeId, supportingDocumentId);
      return { message: 'Supporting document retrieved successfully.', data: presentSupportingDocumentContent(attachment) };
    },
  );
