import type { Kysely } from 'kysely';

/**
 * Languages (docs/concepts/recipients.md): each recipient's, for their mails, signing page and certificate wording,
 * and the account's default for recipients a request gives none. Rows made before read English,
 * which is what they were sent in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('default_language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .alterTable('recipients')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}
