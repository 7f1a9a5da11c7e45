import { Type, type Static } from 'typebox';
import type { RecordedUpload } from '../../../app/uploads/upload-files.js';
import { Id, Int, List, RequiredText, Strict, Text } from '../../schema-kit.js';
import { documentIntakeProperties, toDocumentIntake } from './envelope.schema.js';
import { OriginalFile, presentOriginal } from './document-original.schema.js';

export const UploadedFiles = Type.Object({
  files: List(
    Type.Object({
      file_id: Id('file'),
      name: Text(255),
      size: Int(1, 26_214_400),
      pages: Int(1, 500),
      sha256: Text(64, { pattern: '^[0-9a-f]{64}$' }),
      original: OriginalFile,
    }),
    10,
  ),
});

/** Documents the multipart body for the OpenAPI document (and so the generated client); the parts are read as a stream, not validated as a whole. */
export const MultipartFiles = {
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      maxLength: 26_214_400,
      description: 'One part per file (repeat `file` for several, at most 10): PDF, or DOCX, ODT, RTF, HTML, PNG or JPEG, converted to PDF',
    },
  },
};

export const presentUploads = (uploads: readonly RecordedUpload[]) => ({
  files: uploads.map((upload) => ({
    file_id: upload.fileId,
    name: upload.name,
    size: upload.size,
    pages: upload.pageCount,
    sha256: upload.sha256,
    original: presentOriginal(upload.original),
  })),
});

const FileId = RequiredText(64, 'FILE_ID_REQUIRED', { pattern: '^[A-Za-z0-9_-]+$', 'x-invalid-code': 'FILE_NOT_FOUND' });

const FileWithIntake = Strict({ file_id: FileId, ...documentIntakeProperties });
type FileReference = string | Static<typeof FileWithIntake>;

/**
 * `file_ids` of the creation requests whose documents may bring fields: each item a file_id, or an
 * object with the file_id and its intake options. One schema of two types rather than an anyOf, so
 * a bad id is answered once (FILE_NOT_FOUND), not also as "not an object".
 */
export const FileReferences = List(
  Type.Unsafe<FileReference>({
    ...FileWithIntake,
    ...FileId,
    type: ['string', 'object'],
    description:
      'A file_id, or `{"file_id", "form_fields", "form_field_map", "text_tags"}` to import the upload’s PDF form fields or read its text tags (as on a base64 document)',
  }),
  10,
  { minItems: 1, 'x-missing-code': 'FILE_IDS_REQUIRED' },
);

/** The file_ids of a request, and each upload's intake (undefined for a plain file_id), by position. */
export const toFileReferences = (references: readonly FileReference[]) => ({
  fileIds: references.map((reference) => (typeof reference === 'string' ? reference : reference.file_id)),
  intakes: references.map((reference) => (typeof reference === 'string' ? undefined : toDocumentIntake(reference))),
});
