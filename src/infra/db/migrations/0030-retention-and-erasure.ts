import { sql, type Kysely } from 'kysely';

/**
 * Retention and erasure (docs/operations/retention-and-erasure.md): an account may keep the bytes of
 * its ended envelopes for `retention_days` (null keeps them forever); the purge stamps each envelope
 * it emptied, found through a partial index of the ended envelopes not purged yet. `erasure_salt`
 * is the account's secret for the pseudonyms that replace an erased person, made at its first erasure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('retention_days', 'integer').execute();
  await db.schema.alterTable('accounts').addColumn('erasure_salt', 'text').execute();
  await db.schema.alterTable('envelopes').addColumn('documents_purged_at', 'text').execute();
  await sql`create index envelopes_unpurged_ended on envelopes (account_id, status)
    where documents_purged_at is null and status in ('Completed', 'Declined', 'Cancelled', 'Expired')`.execute(db);
}
