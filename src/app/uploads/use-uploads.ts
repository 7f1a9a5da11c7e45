import { AppError, type Problem } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import type { AppContext } from '../context.js';
import type { StoredDocument } from '../documents/stored-document.js';
import type { UploadScope } from './record-uploads.js';

const notFound = (fileId: string, index: number): Problem => ({
  code: 'FILE_NOT_FOUND',
  message: `No unused upload ${fileId} for this kind of request: upload it again.`,
  field: `file_ids[${index}]`,
});

/** The documents behind `file_ids`: each must be this account's, of this scope, not used yet, and given once. */
export const findUnusedUploads = async (db: Db, accountId: string, scope: UploadScope, fileIds: readonly string[]): Promise<StoredDocument[]> => {
  const rows = fileIds.length
    ? await db.selectFrom('uploads').selectAll().where('account_id', '=', accountId).where('scope', '=', scope).where('used_at', 'is', null).where('id', 'in', [...fileIds]).execute()
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems = fileIds.flatMap((id, i) => (!byId.has(id) || fileIds.indexOf(id) !== i ? [notFound(id, i)] : []));
  if (problems.length) throw AppError.of(problems, 'The request is invalid.');
  return fileIds.map((id) => {
    const row = byId.get(id)!;
    return { name: row.name, sha256: row.sha256, size: row.size, pages: JSON.parse(row.pages) as StoredDocument['pages'] };
  });
};

/**
 * Marks uploads used inside the transaction that consumes them; an upload that another request used
 * meanwhile answers FILE_NOT_FOUND and rolls that transaction back.
 */
export const markUploadsUsed = async (ctx: AppContext, trx: Db, accountId: string, fileIds: readonly string[]): Promise<void> => {
  const now = ctx.clock.now().toISOString();
  for (const [i, id] of fileIds.entries()) {
    const result = await trx.updateTable('uploads').set({ used_at: now }).where('id', '=', id).where('account_id', '=', accountId).where('used_at', 'is', null).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw AppError.of([notFound(id, i)], 'The request is invalid.');
  }
};
