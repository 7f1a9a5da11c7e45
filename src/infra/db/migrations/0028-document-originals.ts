import type { Kysely } from 'kysely';

/** The tables whose rows hold a document's bytes by hash: an envelope's or a template's, an upload, a composer's draft. */
const TABLES = ['documents', 'uploads', 'builder_draft_documents'] as const;

/**
 * Documents converted to PDF (docs/api/conversion.md) keep the file they were converted from: its
 * name, media type and the hash of its bytes in the blob store, null for a document given as PDF.
 * The blob collector asks which hashes are still referenced, originals' included.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('original_name', 'text').execute();
    await db.schema.alterTable(table).addColumn('original_media_type', 'text').execute();
    await db.schema.alterTable(table).addColumn('original_sha256', 'text').execute();
    await db.schema.createIndex(`${table}_original_sha256`).on(table).column('original_sha256').execute();
  }
}
