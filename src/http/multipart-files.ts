import type { FastifyRequest } from 'fastify';
import { AppError } from '../domain/app-error.js';

export const FILE_PART = 'file';

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * The `file` parts of a multipart upload, buffered one at a time. A file over `maxBytes` stops
 * the upload with 413 (the multipart plugin's error, translated in errors.ts); any other part is
 * refused, like an unknown JSON field.
 */
export const multipartFiles = async (request: FastifyRequest, maxBytes: number): Promise<UploadedFile[]> => {
  try {
    return await readFileParts(request, maxBytes);
  } catch (error) {
    // The multipart parser throws plain errors for a body it cannot frame (no boundary, a cut-off
    // part); the plugin's own limits carry Fastify codes and are translated in errors.ts.
    if (error instanceof AppError || (error as { code?: string }).code?.startsWith('FST_')) throw error;
    throw new AppError('MALFORMED_MULTIPART', 'The multipart/form-data body could not be read: check its boundary and parts.');
  }
};

const readFileParts = async (request: FastifyRequest, maxBytes: number): Promise<UploadedFile[]> => {
  const files: UploadedFile[] = [];
  for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
    if (part.fieldname !== FILE_PART || part.type !== 'file') {
      throw new AppError('UNKNOWN_FIELD', `Unknown multipart part "${part.fieldname}": send files as "${FILE_PART}" parts.`, {
        field: part.fieldname,
      });
    }
    const bytes = await part.toBuffer();
    const name = part.filename.trim();
    if (!name) throw new AppError('DOCUMENT_NAME_REQUIRED', `Part ${files.length + 1} has no file name.`, { field: FILE_PART });
    files.push({ name: name.slice(0, 255), bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  }
  return files;
};
