import { insertUploads, type Upload, type UploadScope } from '../../infra/db/tables/uploads-table.js';
import { newId } from '../../infra/ids.js';
import type { AppContext, Caller } from '../context.js';
import { storeDocument, type DocumentFile } from '../documents/stored-document.js';

export type { UploadScope };

export interface RecordedUpload {
  fileId: string;
  name: string;
  size: number;
  pageCount: number;
  sha256: string;
}

/**
 * Checks and stores each file as a PDF, one at a time, and remembers them until an envelope or a
 * template uses them (API.md §3).
 */
export const uploadFiles = async (
  ctx: AppContext,
  caller: Caller,
  scope: UploadScope,
  files: readonly DocumentFile[],
): Promise<RecordedUpload[]> => {
  const createdAt = ctx.clock.now().toISOString();
  const uploads: Upload[] = [];
  for (const file of files) {
    const document = await storeDocument(ctx, file.name, file.bytes);
    uploads.push({ id: newId('file'), accountId: caller.accountId, scope, ...document, createdAt, usedAt: null });
  }
  await insertUploads(ctx.db, uploads);
  return uploads.map((upload) => ({
    fileId: upload.id,
    name: upload.name,
    size: upload.size,
    pageCount: upload.pages.length,
    sha256: upload.sha256,
  }));
};
