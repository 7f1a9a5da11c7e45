import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../app/context.js';
import { DOCUMENT_LIMITS, storeDocument, type StoredDocument } from '../../../app/documents/stored-document.js';
import { ApiError } from '../../../domain/api-error.js';

const tooLarge = (name: string) => new ApiError('PAYLOAD_TOO_LARGE', 413, `"${name}" is larger than ${DOCUMENT_LIMITS.maxBytes / 1024 / 1024} MB.`);

/** Every file part of a multipart request, checked as a PDF and stored, one at a time (API.md §2). */
export const readUploadedFiles = async (ctx: AppContext, request: FastifyRequest): Promise<StoredDocument[]> => {
  const stored: StoredDocument[] = [];
  for await (const part of request.files()) {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw tooLarge(part.filename);
    stored.push(await storeDocument(ctx, part.filename || `file-${stored.length + 1}.pdf`, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
  }
  if (stored.length === 0) throw new ApiError('FILE_REQUIRED', 400, 'Send one or more PDF files as multipart/form-data parts named "file".', { field: 'file' });
  return stored;
};
