import type { Kysely } from 'kysely';

/**
 * The embedded builders (docs/api/people.md): the composer's drafts (an envelope request whose documents are
 * already checked and stored, waiting for its fields and its Send) with their documents, and the
 * builders' credentials — the single-use URL tokens and the session tokens they are exchanged for —
 * stored as SHA-256 hashes only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('builder_drafts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('envelope_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('builder_drafts_created').on('builder_drafts').column('created_at').execute();

  await db.schema
    .createTable('builder_draft_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('draft_id', 'text', (c) => c.notNull().references('builder_drafts.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pages', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('builder_draft_documents_draft').on('builder_draft_documents').column('draft_id').execute();
  // The blob collector asks which hashes are still referenced.
  await db.schema.createIndex('builder_draft_documents_sha256').on('builder_draft_documents').column('sha256').execute();

  await db.schema
    .createTable('builder_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('template_id', 'text')
    .addColumn('draft_id', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('builder_tokens_expires').on('builder_tokens').column('expires_at').execute();
}
