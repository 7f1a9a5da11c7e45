import { OPEN_ENVELOPE_STATUSES } from '../../../domain/envelope-state.js';
import type { Db } from '../database.js';
import { rowCodec } from '../row-codec.js';
import type { SignerAttachmentsTable } from '../schema.js';

/** A file a signer uploaded for an attachment field; completion turns the used ones into supporting documents. */
export interface SignerAttachment {
  id: string;
  envelopeId: string;
  recipientId: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
}

const signerAttachmentCodec = rowCodec<SignerAttachment, SignerAttachmentsTable>({
  id: 'id',
  envelopeId: 'envelope_id',
  recipientId: 'recipient_id',
  name: 'name',
  contentType: 'content_type',
  size: 'size',
  sha256: 'sha256',
  createdAt: 'created_at',
});

export const insertSignerAttachment = async (db: Db, attachment: SignerAttachment): Promise<void> => {
  await db.insertInto('signer_attachments').values(signerAttachmentCodec.toRow(attachment)).execute();
};

/** The files of an envelope's signers (or of one signer), oldest first. */
export const readSignerAttachments = async (db: Db, envelopeId: string, recipientId?: string): Promise<SignerAttachment[]> => {
  let query = db.selectFrom('signer_attachments').selectAll().where('envelope_id', '=', envelopeId);
  if (recipientId) query = query.where('recipient_id', '=', recipientId);
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  return rows.map(signerAttachmentCodec.fromRow);
};

/** How many files the signer uploaded to the envelope, and how many bytes every signer of it did. */
export const readSignerAttachmentUsage = async (
  db: Db,
  envelopeId: string,
  recipientId: string,
): Promise<{ signerFiles: number; envelopeBytes: number }> => {
  const rows = await db.selectFrom('signer_attachments').select(['recipient_id', 'size']).where('envelope_id', '=', envelopeId).execute();
  return {
    signerFiles: rows.filter((row) => row.recipient_id === recipientId).length,
    envelopeBytes: rows.reduce((sum, row) => sum + Number(row.size), 0),
  };
};

export const deleteSignerAttachments = async (db: Db, envelopeId: string): Promise<void> => {
  await db.deleteFrom('signer_attachments').where('envelope_id', '=', envelopeId).execute();
};

/**
 * Forgets the files of envelopes that can no longer be signed (ended, or deleted): completion has
 * made the used ones supporting documents already, so nothing points at these any more.
 */
export const deleteSignerAttachmentsOfClosedEnvelopes = async (db: Db): Promise<void> => {
  await db
    .deleteFrom('signer_attachments')
    .where('envelope_id', 'in', (eb) =>
      eb
        .selectFrom('envelopes')
        .select('id')
        .where((w) => w.or([w('deleted_at', 'is not', null), w('status', 'not in', OPEN_ENVELOPE_STATUSES)])),
    )
    .execute();
};

/** Whether a signer's upload not yet made a supporting document holds these bytes. */
export const signerAttachmentUsesBlob = async (db: Db, sha256: string): Promise<boolean> =>
  Boolean(await db.selectFrom('signer_attachments').select('id').where('sha256', '=', sha256).executeTakeFirst());
