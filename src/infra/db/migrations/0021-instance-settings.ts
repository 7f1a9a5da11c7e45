import type { Kysely } from 'kysely';

/**
 * What one process of an installation tells the others, and the CLI, by name: today `public_url`, the
 * PUBLIC_URL the service last started with, so a link the CLI prints (`user login-link`) opens the running
 * service and not the CLI's own default port.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instance_settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
