import type { Kysely } from 'kysely';

/**
 * Who a composer's draft will be sent as (README "Acting person"): the console user who generated
 * its URL, or null when an API client did (the envelope is then the account's, named as its owner).
 * Envelopes already record their creator in `created_by_user_id` (migration 0002); drafts made
 * before this have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('builder_drafts').addColumn('created_by_user_id', 'text').execute();
}
