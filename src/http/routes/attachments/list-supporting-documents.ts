import { listAttachments } from '../../../app/attachments/read-attachments.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
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
        response: {
          200: Example(SupportingDocumentList, {
            message: 'Supporting documents retrieved successfully.',
            data: {
              supporting_documents: [
                {
                  supporting_document_id: 'att_3TXcLOo0ituOD8eQ6l_0Yw',
                  name: 'Passport copy.pdf',
                  content_type: 'application/pdf',
                  size: 245_760,
                  sha256: 'ee839950d18288f132481848f1cf3b66ba031004d1036fc764c3f1babfeecf44',
                  uploaded_by: 'sender',
                },
              ],
            },
          }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('ENVELOPE_NOT_FOUND', 'No envelope env_zgqQWvT72rpxEKoy8-nlng.'),
        },
      },
    },
    async (request) => {
      const attachments = await listAttachments(ctx, callerOf(request), request.params.envelopeId);
      return { message: 'Supporting documents retrieved successfully.', data: presentSupportingDocuments(attachments) };
    },
  );
