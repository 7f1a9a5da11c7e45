import type { FastifyRequest } from 'fastify';
import type { AttachmentFile } from '../../../app/attachments/add-attachments.js';
import { MAX_ATTACHMENT_BYTES } from '../../../app/attachments/add-attachments.js';
import { ApiError } from '../../../domain/api-error.js';

const FILE_FIELD = 'file';

/**
 * The `file` parts of a multipart upload, buffered one by one; a file over the limit stops the
 * upload with 413 (the multipart error is translated in errors.ts), any other part is refused.
 */
export const multipartFiles = async (request: FastifyRequest): Promise<AttachmentFile[]> => {
  const files: AttachmentFile[] = [];
  for await (const part of request.parts({ limits: { fileSize: MAX_ATTACHMENT_BYTES } })) {
    if (part.fieldname !== FILE_FIELD || part.type !== 'file') {
      throw new ApiError('UNKNOWN_FIELD', 400, `Unknown multipart part "${part.fieldname}": send files as "${FILE_FIELD}" parts.`, { field: part.fieldname });
    }
    const bytes = await part.toBuffer();
    const name = part.filename.trim();
    if (!name) throw new ApiError('DOCUMENT_NAME_REQUIRED', 400, `Part ${files.length + 1} has no file name.`, { field: FILE_FIELD });
    files.push({ name: name.slice(0, 255), bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  }
  return files;
};
