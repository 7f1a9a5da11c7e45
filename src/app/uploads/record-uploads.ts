import type { UploadsTable } from '../../infra/db/schema.js';
import { newId } from '../../infra/ids.js';
import type { Caller, AppContext } from '../context.js';
import type { StoredDocument } from '../documents/stored-document.js';

export type UploadScope = UploadsTable['scope'];

export interface RecordedUpload {
  file_id: string;
  name: string;
  size: number;
  pages: number;
  sha256: string;
}

/** Remembers checked, stored files until an envelope or a template uses them (API.md §3). */
export const recordUploads = async (ctx: AppContext, caller: Caller, scope: UploadScope, documents: readonly StoredDocument[]): Promise<RecordedUpload[]> => {
  const now = ctx.clock.now().toISOString();
  const rows = documents.map((doc) => ({ id: newId('file'), account_id: caller.accountId, scope, name: doc.name, size: doc.size, pages: JSON.stringify(doc.pages), sha256: doc.sha256, created_at: now, used_at: null }));
  await ctx.db.insertInto('uploads').values(rows).execute();
  return rows.map((row, i) => ({ file_id: row.id, name: row.name, size: row.size, pages: documents[i]!.pages.length, sha256: row.sha256 }));
};
