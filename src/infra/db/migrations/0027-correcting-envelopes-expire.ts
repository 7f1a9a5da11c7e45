import { sql, type Kysely } from 'kysely';

/**
 * A Correcting envelope (sent back by a signer, docs/api/corrections.md) still runs towards its
 * due date: the partial index of open envelopes, from which the list and the counters read the
 * envelopes past their due instant, now holds it too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index envelopes_live_open_due`.execute(db);
  await sql`create index envelopes_live_open_due on envelopes (account_id, signing_due_date, status, created_at, id, template_id)
    where deleted_at is null and status in ('Sent', 'InProgress', 'Correcting')`.execute(db);
}
