import type { Kysely } from 'kysely';

/**
 * Attachment fields (docs/concepts/recipients.md): the files signers upload while signing, kept apart from the
 * envelope's supporting documents until completion makes the ones their fields name into
 * supporting documents; and who uploaded each supporting document ('sender' for the API's, else
 * the signer's e-mail address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signer_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('envelope_id', 'text', (c) => c.notNull().references('envelopes.id'))
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signer_attachments_envelope').on('signer_attachments').column('envelope_id').execute();
  // The blob collector asks which hashes are still referenced.
  await db.schema.createIndex('signer_attachments_sha256').on('signer_attachments').column('sha256').execute();

  await db.schema
    .alterTable('attachments')
    .addColumn('uploaded_by', 'text', (c) => c.notNull().defaultTo('sender'))
    .execute();
}
