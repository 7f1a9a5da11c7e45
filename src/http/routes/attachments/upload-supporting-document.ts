import type { Static } from 'typebox';
import { addAttachments, MAX_ATTACHMENT_BYTES, type AttachmentFile } from '../../../app/attachments/add-attachments.js';
import type { AppContext } from '../../../app/context.js';
import { decodeBase64Document } from '../../../app/documents/stored-document.js';
import { callerOf, type App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { errorResponses } from '../../schema-kit.js';
import {
  AttachmentEnvelopeParams,
  JsonUploadBody,
  MultipartUploadBody,
  SupportingDocumentList,
  presentSupportingDocuments,
} from './attachment.schema.js';
import { AppError } from '../../../domain/app-error.js';
import { multipartFiles } from '../../multipart-files.js';

const jsonFiles = (body: Static<typeof JsonUploadBody>): AttachmentFile[] =>
  body.documents.map((doc, i) => ({ name: doc.name, bytes: decodeBase64Document(doc.content_base64, `documents[${i}].content_base64`) }));

export const uploadSupportingDocumentRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/:envelopeId/upload_supporting_document',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'uploadSupportingDocument',
        summary: 'Attach supporting documents to an envelope',
        description:
          'Multipart `file` parts, or JSON `{documents: [{name, content_base64}]}`. PDF, PNG, JPEG, plain text (UTF-8), DOCX and XLSX, ' +
          'recognised from the bytes, not the name; at most 10 MB each. Accepted in every status of the envelope: attachments are ' +
          'reference material, never part of the signed documents, and the ledger records when each was added. Accepts an Idempotency-Key header.',
        tags: ['Attachments'],
        params: AttachmentEnvelopeParams,
        body: { content: { 'application/json': { schema: JsonUploadBody }, 'multipart/form-data': { schema: MultipartUploadBody } } },
        response: { 201: SupportingDocumentList, ...errorResponses(400, 401, 404, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart() && !request.headers['content-type']?.toLowerCase().includes('application/json')) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the documents as multipart/form-data or as an application/json body.');
      }
      const files = request.isMultipart()
        ? await multipartFiles(request, MAX_ATTACHMENT_BYTES)
        : jsonFiles(request.body as Static<typeof JsonUploadBody>);
      const attachments = await addAttachments(ctx, callerOf(request), request.params.envelopeId, files, originOf(request));
      return reply
        .status(201)
        .send({ message: 'Supporting documents uploaded successfully.', data: presentSupportingDocuments(attachments) });
    },
  );
