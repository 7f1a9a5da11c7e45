import { listAttachments } from '../../../app/attachments/read-attachments.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { errorResponses } from '../../schema-kit.js';
import { AttachmentEnvelopeParams, SupportingDocumentList, presentSupportingDocuments } from './attachment.schema.js';

export const listSupportingDocumentsRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/envelopes/:envelopeId/list_supporting_document',
    {
      schema: {
        operationId: 'listSupportingDocuments',
        summary: "List an envelope's supporting documents",
        tags: ['Attachments'],
        params: AttachmentEnvelopeParams,
        response: { 200: SupportingDocumentList, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const attachments = await listAttachments(ctx, callerOf(request), request.params.envelopeId);
      return { message: 'Supporting documents retrieved successfully.', data: presentSupportingDocuments(attachments) };
    },
  );
