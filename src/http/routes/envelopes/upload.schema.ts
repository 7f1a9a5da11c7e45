import { Type } from 'typebox';
import type { RecordedUpload } from '../../../app/uploads/upload-files.js';
import { Id, Int, List, RequiredText, Text } from '../../schema-kit.js';

export const UploadedFiles = Type.Object({
  files: List(
    Type.Object({
      file_id: Id('file'),
      name: Text(255),
      size: Int(1, 26_214_400),
      pages: Int(1, 500),
      sha256: Text(64, { pattern: '^[0-9a-f]{64}$' }),
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
      description: 'One part per PDF file (repeat `file` for several, at most 10)',
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
  })),
});

export const FileIds = List(RequiredText(64, 'FILE_ID_REQUIRED', { pattern: '^[A-Za-z0-9_-]+$', 'x-invalid-code': 'FILE_NOT_FOUND' }), 10, {
  minItems: 1,
  'x-missing-code': 'FILE_IDS_REQUIRED',
});
