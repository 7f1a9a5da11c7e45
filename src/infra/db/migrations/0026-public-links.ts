import type { Kysely } from 'kysely';

/**
 * Public links on templates (docs/api/public-links.md): at most one link a template, reached by a
 * random slug, and the one-time codes that prove a visitor's e-mail address before a use counts.
 * Codes are kept as scrypt hashes; `ip` lets a link bound how many codes one address asks for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('public_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull().unique())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('role_title', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('public_links_account').on('public_links').column('account_id').execute();

  await db.schema
    .createTable('public_link_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('public_link_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('public_link_codes_address')
    .on('public_link_codes')
    .columns(['public_link_id', 'email', 'created_at'])
    .execute();
  await db.schema.createIndex('public_link_codes_ip').on('public_link_codes').columns(['public_link_id', 'ip', 'created_at']).execute();
}
