import type { FastifyRequest } from 'fastify';
import { DOCUMENT_LIMITS, type DocumentFile } from '../../../app/documents/stored-document.js';
import { AppError } from '../../../domain/app-error.js';
import { FILE_PART, multipartFiles } from '../../multipart-files.js';

/** Every `file` part of a multipart request (docs/concepts/fields.md); an upload without one is refused. */
export const readUploadedFiles = async (request: FastifyRequest): Promise<DocumentFile[]> => {
  const files = await multipartFiles(request, DOCUMENT_LIMITS.maxBytes);
  if (files.length === 0)
    throw new AppError('FILE_REQUIRED', `Send one or more PDF files as multipart/form-data parts named "${FILE_PART}".`, {
      field: FILE_PART,
    });
  return files;
};
