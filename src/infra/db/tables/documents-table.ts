import type { Db } from '../database.js';
import { json, rowCodec } from '../row-codec.js';
import type { DocumentsTable } from '../schema.js';

/** A page as the signer sees it (rotation applied). */
export interface PageSize {
  width: number;
  height: number;
  rotation: number;
}

export interface Document {
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
});

/** An envelope's documents in order (the certificate of completion, position 0, is not one of them). */
export const readEnvelopeDocuments = async (db: Db, envelopeId: string): Promise<Document[]> => {
  const rows = await db.selectFrom('documents').selectAll().where('envelope_id', '=', envelopeId).where('position', '>=', 1).orderBy('position').execute();
  return rows.map(documentCodec.fromRow);
};

export const readTemplateDocuments = async (db: Db, templateId: string): Promise<Document[]> => {
  const rows = await db.selectFrom('documents').selectAll().where('template_id', '=', templateId).where('position', '>=', 1).orderBy('position').execute();
  return rows.map(documentCodec.fromRow);
};

export const insertDocuments = async (db: Db, documents: Document[]): Promise<void> => {
  if (documents.length) await db.insertInto('documents').values(documents.map(documentCodec.toRow)).execute();
};

export const updateDocument = async (db: Db, documentId: string, changes: Partial<Document>): Promise<void> => {
  await db.updateTable('documents').set(documentCodec.toColumns(changes)).where('id', '=', documentId).execute();
};
