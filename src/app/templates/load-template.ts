import { AppError } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import type { TemplatesTable } from '../../infra/db/schema.js';
import type { StoredDocument } from '../documents/stored-document.js';

/** An account's template that is not deleted; anything else (unknown, foreign, deleted) is TEMPLATE_NOT_FOUND. */
export const loadTemplate = async (db: Db, accountId: string, templateId: string): Promise<TemplatesTable> => {
  const row = await db.selectFrom('templates').selectAll().where('id', '=', templateId).where('account_id', '=', accountId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw new AppError('TEMPLATE_NOT_FOUND', `No template ${templateId}.`);
  return row;
};

/** The template's documents, whose blobs envelopes made from it reference by hash (no copy). */
export const templateDocuments = async (db: Db, templateId: string): Promise<StoredDocument[]> => {
  const rows = await db.selectFrom('documents').select(['name', 'sha256', 'size', 'pages']).where('template_id', '=', templateId).where('envelope_id', 'is', null).orderBy('position').execute();
  return rows.map((row) => ({ name: row.name, sha256: row.sha256, size: row.size, pages: JSON.parse(row.pages) as StoredDocument['pages'] }));
};
