import type { Static } from 'typebox';
import { addAttachments, MAX_ATTACHMENT_BYTES, type AttachmentFile } from '../../../app/attachments/add-attachments.js';
import type { AppContext } from '../../../app/context.js';
import { decodeBase64Document } from '../../../app/documents/stored-document.js';
import { callerOf, type App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { BytesExample, Example, errorExample } from '../../openapi-examples.js';
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
        body: {
          content: {
            'application/json': {
              schema: Example(JsonUploadBody, {
                documents: [
                  {
                    name: 'Passport copy.pdf',
                    content_base64: 'JVBERi0xLjcKJeLjz9MKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCg==',
                  },
                ],
              }),
            },
            'multipart/form-data': {
              schema: BytesExample(
                MultipartUploadBody,
                'One file',
                'A `file` part with the bytes and file name of a PDF, PNG or JPEG, for example `curl -F "file=@Passport copy.pdf" …`.',
                { file: '%PDF-1.7\n%…' },
              ),
            },
          },
        },
        response: {
          201: Example(SupportingDocumentList, {
            message: 'Supporting documents uploaded successfully.',
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
          ...errorResponses(400, 401, 404, 413, 415, 422, 429),
          ...errorExample('PAYLOAD_TOO_LARGE', '"Passport copy.pdf" is larger than 10 MB.'),
        },
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
