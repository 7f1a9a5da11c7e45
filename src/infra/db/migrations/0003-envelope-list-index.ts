import type { Kysely } from 'kysely';

/** Lists and counts an account's live envelopes without reading deleted ones (POST /envelopes/list). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('envelopes_account_live_created')
    .on('envelopes')
    .columns(['account_id', 'deleted_at', 'created_at'])
    .execute();
}
