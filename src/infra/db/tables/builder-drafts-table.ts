import type { Db } from '../database.js';
import { json, rowCodec } from '../row-codec.js';
import type { BuilderDraftDocumentsTable, BuilderDraftsTable } from '../schema.js';
import { ORIGINAL_COLUMNS, type OriginalColumns } from './document-original.js';

/**
 * A composer's draft. Its request is stored as the composer's use cases give it; they name its
 * shape as `Request`.
 */
export interface BuilderDraft<Request> {
  id: string;
  accountId: string;
  /** The API client that generated the composer's URL. */
  clientId: string;
  /** The console user who generated it, whom its envelope names as creator; null for an API client. */
  createdByUserId: string | null;
  request: Request;
  envelopeId: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** A draft's document: its bytes are in the blob store already, checked; a converted one's original file too. */
export interface BuilderDraftDocument extends OriginalColumns {
  id: string;
  draftId: string;
  position: number;
  name: string;
  pages: { width: number; height: number; rotation: number }[];
  size: number;
  sha256: string;
}

const draftCodec = <Request>() =>
  rowCodec<BuilderDraft<Request>, BuilderDraftsTable>({
    id: 'id',
    accountId: 'account_id',
    clientId: 'client_id',
    createdByUserId: 'created_by_user_id',
    request: ['request', json<Request>()],
    envelopeId: 'envelope_id',
    createdAt: 'created_at',
    sentAt: 'sent_at',
  });

const draftDocumentCodec = rowCodec<BuilderDraftDocument, BuilderDraftDocumentsTable>({
  id: 'id',
  draftId: 'draft_id',
  position: 'position',
  name: 'name',
  pages: ['pages', json<BuilderDraftDocument['pages']>()],
  size: 'size',
  sha256: 'sha256',
  ...ORIGINAL_COLUMNS,
});

export const insertBuilderDraft = async <Request>(
  db: Db,
  draft: BuilderDraft<Request>,
  documents: BuilderDraftDocument[],
): Promise<void> => {
  await db.insertInto('builder_drafts').values(draftCodec<Request>().toRow(draft)).execute();
  await db.insertInto('builder_draft_documents').values(documents.map(draftDocumentCodec.toRow)).execute();
};

export const readBuilderDraft = async <Request>(db: Db, draftId: string): Promise<BuilderDraft<Request> | undefined> => {
  const row = await db.selectFrom('builder_drafts').selectAll().where('id', '=', draftId).executeTakeFirst();
  return row && draftCodec<Request>().fromRow(row);
};

export const readBuilderDraftDocuments = async (db: Db, draftId: string): Promise<BuilderDraftDocument[]> =>
  (await db.selectFrom('builder_draft_documents').selectAll().where('draft_id', '=', draftId).orderBy('position').execute()).map(
    draftDocumentCodec.fromRow,
  );

/** Marks a draft sent unless it already is: false then (another Send was first). */
export const markBuilderDraftSent = async (db: Db, draftId: string, envelopeId: string, sentAt: string): Promise<boolean> => {
  const result = await db
    .updateTable('builder_drafts')
    .set({ envelope_id: envelopeId, sent_at: sentAt })
    .where('id', '=', draftId)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Deletes the drafts created before `before` that were never sent, with their documents; how many. */
export const deleteUnsentBuilderDraftsBefore = async (db: Db, before: string): Promise<number> => {
  const stale = db.selectFrom('builder_drafts').select('id').where('sent_at', 'is', null).where('created_at', '<', before);
  await db.deleteFrom('builder_draft_documents').where('draft_id', 'in', stale).execute();
  const deleted = await db.deleteFrom('builder_drafts').where('sent_at', 'is', null).where('created_at', '<', before).executeTakeFirst();
  return Number(deleted.numDeletedRows);
};
