import type { Kysely } from 'kysely';

/**
 * People's sign-in (docs/api/sign-in.md): the account's security log. Events keep the address as it
 * was, so they outlive the user they name; no foreign key for the same reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('security_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('user_email', 'text')
    .addColumn('method', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('detail', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('security_events_account_at').on('security_events').columns(['account_id', 'at', 'id']).execute();
}
