import { sql, type Kysely } from 'kysely';

/**
 * Bulk sends (docs/api/bulk-sending.md): one row per send and one per row of its input, each row
 * pending until the job that creates its envelope marks it created (with the envelope's id, in the
 * creation's own transaction) or failed; a cancel marks the pending ones cancelled. Envelopes carry
 * the send they came from, found through a partial index that costs nothing to the envelopes of no send.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bulk_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('envelope', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema.createIndex('bulk_sends_account_created').on('bulk_sends').columns(['account_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('bulk_send_rows')
    .addColumn('bulk_send_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('input', 'text')
    .addColumn('envelope_id', 'text')
    .addColumn('errors', 'text')
    .addColumn('done_at', 'text')
    .addPrimaryKeyConstraint('bulk_send_rows_pk', ['bulk_send_id', 'position'])
    .execute();
  await db.schema.createIndex('bulk_send_rows_state').on('bulk_send_rows').columns(['bulk_send_id', 'state', 'position']).execute();

  await db.schema.alterTable('envelopes').addColumn('bulk_send_id', 'text').execute();
  await sql`create index envelopes_bulk_send on envelopes (bulk_send_id, created_at, id) where bulk_send_id is not null`.execute(db);
}
