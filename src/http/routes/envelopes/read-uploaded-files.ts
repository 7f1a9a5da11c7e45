import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../app/context.js';
import { DOCUMENT_LIMITS, storeDocument, type StoredDocument } from '../../../app/documents/stored-document.js';
import { AppError } from '../../../domain/app-error.js';
import { FILE_PART, multipartFiles } from '../../multipart-files.js';

/** Every `file` part of a multipart request, checked as a PDF and stored, one at a time (API.md §2). */
export const readUploadedFiles = async (ctx: AppContext, request: FastifyRequest): Promise<StoredDocument[]> => {
  const files = await multipartFiles(request, DOCUMENT_LIMITS.maxBytes);
  if (files.length === 0) throw new AppError('FILE_REQUIRED', `Send one or more PDF files as multipart/form-data parts named "${FILE_PART}".`, { field: FILE_PART });
  const stored: StoredDocument[] = [];
  for (const file of files) stored.push(await storeDocument(ctx, file.name, file.bytes));
  return stored;
};
