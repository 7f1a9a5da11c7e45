import type { AnchorMatch } from '../../pdf/find-anchors.js';
import type { Db } from '../database.js';
import type { PendingInsert } from '../insert-at-once.js';
import { json, jsonOrNull, rowCodec } from '../row-codec.js';
import type { DocumentsTable } from '../schema.js';
import { ORIGINAL_COLUMNS, type OriginalColumns } from './document-original.js';

/** A page as the signer sees it (rotation applied). */
export interface PageSize {
  width: number;
  height: number;
  rotation: number;
}

/** Where each anchor text of a template's roles occurs in one of its documents, by text. */
export type DocumentAnchors = Record<string, AnchorMatch[]>;

/** A converted document's original file is in its OriginalColumns (docs/api/conversion.md). */
export interface Document extends OriginalColumns {
  id: string;
  accountId: string;
  envelopeId: string | null;
  templateId: string | null;
  /** 1-based order within its envelope or template; 0 for a certificate of completion. */
  position: number;
  name: string;
  pages: PageSize[];
  size: number;
  sha256: string;
  sealedSha256: string | null;
  /** A template's document: its roles' anchors, found when the template was made (null before migration 0006). */
  anchors: DocumentAnchors | null;
}

export const documentCodec = rowCodec<Document, DocumentsTable>({
  id: 'id',
  accountId: 'account_id',
  envelopeId: 'envelope_id',
  templateId: 'template_id',
  position: 'position',
  name: 'name',
  pages: ['pages', json<PageSize[]>()],
  size: 'size',
  sha256: 'sha256',
  sealedSha256: 'sealed_sha256',
  anchors: ['anchors', jsonOrNull<DocumentAnchors>()],
  ...ORIGINAL_COLUMNS,
});

/** An envelope's documents in order (the certificate of completion, position 0, is not one of them). */
export const readEnvelopeDocuments = async (db: Db, envelopeId: string): Promise<Document[]> => {
  const rows = await db
    .selectFrom('documents')
    .selectAll()
    .where('envelope_id', '=', envelopeId)
    .where('position', '>=', 1)
    .orderBy('position')
    .execute();
  return rows.map(documentCodec.fromRow);
};

export const readTemplateDocuments = async (db: Db, templateId: string): Promise<Document[]> => {
  const rows = await db
    .selectFrom('documents')
    .selectAll()
    .where('template_id', '=', templateId)
    .where('position', '>=', 1)
    .orderBy('position')
    .execute();
  return rows.map(documentCodec.fromRow);
};

/** The insert of these documents, not run yet (see insertAtOnce). */
export const documentInserts = (db: Db, documents: readonly Document[]): PendingInsert[] =>
  documents.length ? [db.insertInto('documents').values(documents.map(documentCodec.toRow))] : [];

export const insertDocuments = async (db: Db, documents: Document[]): Promise<void> => {
  for (const insert of documentInserts(db, documents)) await insert.execute();
};

export const updateDocument = async (db: Db, documentId: string, changes: Partial<Document>): Promise<void> => {
  await db.updateTable('documents').set(documentCodec.toColumns(changes)).where('id', '=', documentId).execute();
};

/** An envelope's documents with, once sealed, its certificate of completion (position 0) first. */
export const readEnvelopeDocumentsWithCertificate = async (db: Db, envelopeId: string): Promise<Document[]> => {
  const rows = await db.selectFrom('documents').selectAll().where('envelope_id', '=', envelopeId).orderBy('position').execute();
  return rows.map(documentCodec.fromRow);
};

/** Whether a document outside this envelope (a template's or another envelope's) holds these bytes: its PDF, its sealed copy or the file it was converted from. */
export const documentUsesBlobOutside = async (db: Db, envelopeId: string, sha256: string): Promise<boolean> => {
  const row = await db
    .selectFrom('documents')
    .select('id')
    .where((eb) => eb.or([eb('envelope_id', 'is', null), eb('envelope_id', '!=', envelopeId)]))
    .where((eb) => eb.or([eb('sha256', '=', sha256), eb('sealed_sha256', '=', sha256), eb('original_sha256', '=', sha256)]))
    .executeTakeFirst();
  return Boolean(row);
};

/** One of an envelope's documents (not its certificate of completion), if any. */
export const readEnvelopeDocument = async (db: Db, envelopeId: string, documentId: string): Promise<Document | undefined> => {
  const row = await db
    .selectFrom('documents')
    .selectAll()
    .where('envelope_id', '=', envelopeId)
    .where('id', '=', documentId)
    .where('position', '>', 0)
    .executeTakeFirst();
  return row && documentCodec.fromRow(row);
};

/** The envelope's certificate of completion, once it has one. */
export const readCertificateDocument = async (db: Db, envelopeId: string): Promise<Document | undefined> => {
  const row = await db
    .selectFrom('documents')
    .selectAll()
    .where('envelope_id', '=', envelopeId)
    .where('position', '=', 0)
    .executeTakeFirst();
  return row && documentCodec.fromRow(row);
};
