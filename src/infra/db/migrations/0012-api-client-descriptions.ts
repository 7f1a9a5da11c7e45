import type { Kysely } from 'kysely';

/**
 * An API client's description (the console's settings page names its clients: "CRM integration").
 * Clients made before, and by the CLI, have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_clients').addColumn('description', 'text').execute();
}
