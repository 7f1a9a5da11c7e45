import type { Db } from '../../infra/db/database.js';
import type { Field } from '../../infra/db/tables/fields-table.js';
import type { Recipient } from '../../infra/db/tables/recipients-table.js';

/** A file a signer gave an attachment field: what sealing embeds, certifies and keeps as a supporting document. */
export interface FieldAttachment {
  id: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
  /** The signer's e-mail address. */
  uploadedBy: string;
}

/**
 * The files the envelope's attachment fields name, each once, in field order: signers' uploads
 * until completion, supporting documents after it (same ids), so a record read after completion
 * still finds them.
 */
export const readFieldAttachments = async (db: Db, envelopeId: string, fields: readonly Field[], recipients: readonly Recipient[]) => {
  const ids = [...new Set(fields.flatMap((field) => (field.type === 'attachment' && field.value ? [field.value] : [])))];
  if (!ids.length) return [];
  const columns = ['id', 'name', 'content_type', 'size', 'sha256', 'created_at'] as const;
  const uploads = await db
    .selectFrom('signer_attachments')
    .select([...columns, 'recipient_id'])
    .where('envelope_id', '=', envelopeId)
    .where('id', 'in', ids)
    .execute();
  const kept = await db
    .selectFrom('attachments')
    .select([...columns, 'uploaded_by'])
    .where('envelope_id', '=', envelopeId)
    .where('id', 'in', ids)
    .execute();
  const emails = new Map(recipients.map((r) => [r.id, r.email]));
  const byId = new Map<string, FieldAttachment>();
  for (const row of [...uploads.map((u) => ({ ...u, uploaded_by: emails.get(u.recipient_id) ?? '' })), ...kept]) {
    byId.set(row.id, {
      id: row.id,
      name: row.name,
      contentType: row.content_type,
      size: Number(row.size),
      sha256: row.sha256,
      createdAt: row.created_at,
      uploadedBy: row.uploaded_by,
    });
  }
  return ids.flatMap((id) => {
    const attachment = byId.get(id);
    return attachment ? [attachment] : [];
  });
};
