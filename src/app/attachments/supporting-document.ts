import type { AttachmentsTable } from '../../infra/db/schema.js';

/** An attachment as the API shows it. */
export interface SupportingDocument {
  supporting_document_id: string;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
}

export const supportingDocumentOf = (row: Pick<AttachmentsTable, 'id' | 'name' | 'content_type' | 'size' | 'sha256'>): SupportingDocument => ({
  supporting_document_id: row.id,
  name: row.name,
  content_type: row.content_type,
  size: Number(row.size),
  sha256: row.sha256,
});
