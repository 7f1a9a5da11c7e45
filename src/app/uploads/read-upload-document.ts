import { AppError } from '../../domain/app-error.js';
import { readUnusedUploads, type UploadScope } from '../../infra/db/tables/uploads-table.js';
import type { AppContext, Caller } from '../context.js';

/**
 * The PDF of an upload no envelope or template has used yet: what it became once converted
 * (docs/api/conversion.md), for a composer to show its pages before the envelope exists. Another
 * account's upload, one of the other scope, or one already used is DOCUMENT_NOT_FOUND.
 */
export const readUploadDocument = async (
  ctx: AppContext,
  caller: Caller,
  scope: UploadScope,
  fileId: string,
): Promise<{ name: string; bytes: Uint8Array }> => {
  const [upload] = await readUnusedUploads(ctx.db, caller.accountId, scope, [fileId]);
  const bytes = upload && (await ctx.blobs.get(upload.sha256));
  if (!upload || !bytes) throw new AppError('DOCUMENT_NOT_FOUND', `No unused upload ${fileId}: upload the file again.`);
  return { name: upload.name, bytes };
};
