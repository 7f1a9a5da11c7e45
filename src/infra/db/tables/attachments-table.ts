import type { Db } from '../database.js';
import { rowCodec } from '../row-codec.js';
import type { AttachmentsTable } from '../schema.js';

/** A supporting document of an envelope: reference material, never stamped or sealed. */
export interface Attachment {
  id: string;
  envelopeId: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
  /** 'sender' for the API's uploads, else the e-mail address of the signer whose attachment field it filled. */
  uploadedBy: string;
}

const attachmentCodec = rowCodec<Attachment, AttachmentsTable>({
  id: 'id',
  envelopeId: 'envelope_id',
  name: 'name',
  contentType: 'content_type',
  size: 'size',
  sha256: 'sha256',
  createdAt: 'created_at',
  uploadedBy: 'uploaded_by',
});

/** An envelope's attachments, oldest first. */
export const readAttachments = async (db: Db, envelopeId: string): Promise<Attachment[]> => {
  const rows = await db
    .selectFrom('attachments')
    .selectAll()
    .where('envelope_id', '=', envelopeId)
    .orderBy('created_at')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(attachmentCodec.fromRow);
};

/** One attachment of this envelope; another envelope's attachment id is unknown here. */
export const readAttachment = async (db: Db, envelopeId: string, attachmentId: string): Promise<Attachment | undefined> => {
  const row = await db
    .selectFrom('attachments')
    .selectAll()
    .where('id', '=', attachmentId)
    .where('envelope_id', '=', envelopeId)
    .executeTakeFirst();
  return row && attachmentCodec.fromRow(row);
};

export const insertAttachments = async (db: Db, attachments: Attachment[]): Promise<void> => {
  if (attachments.length) await db.insertInto('attachments').values(attachments.map(attachmentCodec.toRow)).execute();
};

/** Whether any attachment holds these bytes. */
export const attachmentUsesBlob = async (db: Db, sha256: string): Promise<boolean> =>
  Boolean(await db.selectFrom('attachments').select('id').where('sha256', '=', sha256).executeTakeFirst());
