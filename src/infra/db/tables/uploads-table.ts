import type { Db } from '../database.js';
import { json, oneOf, rowCodec } from '../row-codec.js';
import type { UploadsTable } from '../schema.js';
import { ORIGINAL_COLUMNS, type OriginalColumns } from './document-original.js';
import type { PageSize } from './documents-table.js';

/** Uploads for envelopes and for templates are kept apart: their ids are not interchangeable (docs/concepts/envelopes.md). */
export type UploadScope = 'envelope' | 'template';

/** An upload of a file converted to PDF keeps the file in its OriginalColumns until it is used (docs/api/conversion.md). */
export interface Upload extends OriginalColumns {
  id: string;
  accountId: string;
  scope: UploadScope;
  name: string;
  size: number;
  pages: PageSize[];
  sha256: string;
  createdAt: string;
  usedAt: string | null;
}

export const uploadCodec = rowCodec<Upload, UploadsTable>({
  id: 'id',
  accountId: 'account_id',
  scope: ['scope', oneOf<UploadScope>()],
  name: 'name',
  size: 'size',
  pages: ['pages', json<PageSize[]>()],
  sha256: 'sha256',
  createdAt: 'created_at',
  usedAt: 'used_at',
  ...ORIGINAL_COLUMNS,
});

export const insertUploads = async (db: Db, uploads: Upload[]): Promise<void> => {
  if (uploads.length) await db.insertInto('uploads').values(uploads.map(uploadCodec.toRow)).execute();
};

/** The account's uploads of this scope among `ids` that no envelope or template has used yet. */
export const readUnusedUploads = async (db: Db, accountId: string, scope: UploadScope, ids: readonly string[]): Promise<Upload[]> => {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('uploads')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('scope', '=', scope)
    .where('used_at', 'is', null)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(uploadCodec.fromRow);
};

/** Marks an unused upload used; false when it was used meanwhile (or is not the account's). */
export const markUploadUsed = async (db: Db, accountId: string, uploadId: string, usedAt: string): Promise<boolean> => {
  const result = await db
    .updateTable('uploads')
    .set({ used_at: usedAt })
    .where('id', '=', uploadId)
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const deleteUnusedUploadsCreatedBefore = async (db: Db, cutoff: string): Promise<void> => {
  await db.deleteFrom('uploads').where('used_at', 'is', null).where('created_at', '<', cutoff).execute();
};

/** Whether an upload not used yet holds these bytes, as its PDF or its original file (it may still become an envelope's document). */
export const pendingUploadUsesBlob = async (db: Db, sha256: string): Promise<boolean> =>
  Boolean(
    await db
      .selectFrom('uploads')
      .select('id')
      .where((eb) => eb.or([eb('sha256', '=', sha256), eb('original_sha256', '=', sha256)]))
      .where('used_at', 'is', null)
      .executeTakeFirst(),
  );

/** How many uploads the account holds that nothing has used yet, and their bytes. */
export const readPendingUploadUsage = async (db: Db, accountId: string): Promise<{ files: number; bytes: number }> => {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => [eb.fn.countAll().as('files'), eb.fn.sum<number | string | null>('size').as('bytes')])
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { files: Number(row.files), bytes: Number(row.bytes ?? 0) };
};
