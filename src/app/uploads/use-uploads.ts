import { AppError, type Problem } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import { originalOf } from '../../infra/db/tables/document-original.js';
import { markUploadUsed, readUnusedUploads, type UploadScope } from '../../infra/db/tables/uploads-table.js';
import type { AppContext } from '../context.js';
import type { StoredDocument } from '../documents/stored-document.js';

const notFound = (fileId: string, index: number): Problem => ({
  code: 'FILE_NOT_FOUND',
  message: `No unused upload ${fileId} for this kind of request: upload it again.`,
  field: `file_ids[${index}]`,
});

/** The documents behind `file_ids`: each must be this account's, of this scope, not used yet, and given once. */
export const findUnusedUploads = async (
  db: Db,
  accountId: string,
  scope: UploadScope,
  fileIds: readonly string[],
): Promise<StoredDocument[]> => {
  const byId = new Map((await readUnusedUploads(db, accountId, scope, fileIds)).map((upload) => [upload.id, upload]));
  const problems = fileIds.flatMap((id, i) => (!byId.has(id) || fileIds.indexOf(id) !== i ? [notFound(id, i)] : []));
  if (problems.length) throw AppError.of(problems, 'The request is invalid.');
  return fileIds.map((id) => {
    const upload = byId.get(id)!;
    const original = originalOf(upload);
    return { name: upload.name, sha256: upload.sha256, size: upload.size, pages: upload.pages, ...(original ? { original } : {}) };
  });
};

/**
 * Marks uploads used inside the transaction that consumes them; an upload that another request used
 * meanwhile answers FILE_NOT_FOUND and rolls that transaction back.
 */
export const markUploadsUsed = async (ctx: AppContext, trx: Db, accountId: string, fileIds: readonly string[]): Promise<void> => {
  const now = ctx.clock.now().toISOString();
  for (const [i, id] of fileIds.entries()) {
    if (!(await markUploadUsed(trx, accountId, id, now))) throw AppError.of([notFound(id, i)], 'The request is invalid.');
  }
};
