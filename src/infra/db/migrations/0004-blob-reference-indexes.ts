import type { Kysely } from 'kysely';

/**
 * Finds what references a blob by its hash (the hourly collection of unreferenced blobs), and an
 * account's unused uploads (the pending-upload limit), without reading whole tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('documents_sha256').on('documents').column('sha256').execute();
  await db.schema.createIndex('documents_sealed_sha256').on('documents').column('sealed_sha256').execute();
  await db.schema.createIndex('attachments_sha256').on('attachments').column('sha256').execute();
  await db.schema.createIndex('uploads_sha256').on('uploads').column('sha256').execute();
  await db.schema.createIndex('uploads_account_pending').on('uploads').columns(['account_id', 'used_at']).execute();
}
