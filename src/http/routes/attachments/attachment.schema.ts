import { Type, type Static } from 'typebox';
import { MAX_ATTACHMENT_BYTES } from '../../../app/attachments/add-attachments.js';
import type { Attachment } from '../../../app/attachments/read-attachments.js';
import { Int, List, Ok, Strict, Text } from '../../schema-kit.js';
import { Base64Document } from '../envelopes/envelope.schema.js';

const OpaqueId = (description: string) => Text(64, { minLength: 1, pattern: '^[A-Za-z0-9_-]+$', description });

export const AttachmentEnvelopeParams = Strict({ envelopeId: OpaqueId('The envelope_id') });

export const SupportingDocumentParams = Strict({
  envelopeId: OpaqueId('The envelope_id'),
  supportingDocumentId: OpaqueId('The supporting_document_id'),
});

export const JsonUploadBody = Strict({ documents: List(Base64Document, 10, { minItems: 1 }) });

/**
 * The multipart form, for the OpenAPI document only: parts are streamed by the handler, so there
 * is no parsed body to validate (hence no `type`, which the absent body would fail).
 */
export const MultipartUploadBody = {
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      maxLength: MAX_ATTACHMENT_BYTES,
      description: 'One part per file (repeat `file` for several, at most 10)',
    },
  },
};

export const SupportingDocumentObject = Type.Object({
  supporting_document_id: Text(64),
  name: Text(255),
  content_type: Text(100),
  size: Int(0, MAX_ATTACHMENT_BYTES),
  sha256: Text(64, { pattern: '^[0-9a-f]{64}$' }),
  uploaded_by: Text(320, {
    description:
      "`sender` for files the API attached; the signer's e-mail address for a file a signer gave an attachment field (added on completion)",
  }),
});

const SupportingDocuments = Type.Object({ supporting_documents: List(SupportingDocumentObject, 1000) });

export const SupportingDocumentList = Ok(SupportingDocuments);

const SupportingDocumentWithContent = Type.Object({
  supporting_document_id: Text(64),
  name: Text(255),
  content_type: Text(100),
  content_base64: Text(Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4, { contentEncoding: 'base64' }),
});

export const SupportingDocumentContent = Ok(SupportingDocumentWithContent);

const presentSupportingDocument = (attachment: Attachment): Static<typeof SupportingDocumentObject> => ({
  supporting_document_id: attachment.id,
  name: attachment.name,
  content_type: attachment.contentType,
  size: attachment.size,
  sha256: attachment.sha256,
  uploaded_by: attachment.uploadedBy,
});

export const presentSupportingDocuments = (attachments: Attachment[]): Static<typeof SupportingDocuments> => ({
  supporting_documents: attachments.map(presentSupportingDocument),
});

export const presentSupportingDocumentContent = (
  attachment: Attachment & { bytes: Uint8Array },
): Static<typeof SupportingDocumentWithContent> => ({
  supporting_document_id: attachment.id,
  name: attachment.name,
  content_type: attachment.contentType,
  content_base64: Buffer.from(attachment.bytes).toString('base64'),
});
