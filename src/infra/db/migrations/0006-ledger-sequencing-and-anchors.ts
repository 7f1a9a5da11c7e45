import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Two changes of the write path (issue 9):
 *
 * - `ledger_entries` gets `id`, the order entries were written in, and `block_number` may be null
 *   for a while: on PostgreSQL an entry commits with its transaction and gets its block number just
 *   after, from one short transaction that numbers every entry committed meanwhile, so appending
 *   transactions no longer wait for one another's commit on the single `ledger_state` row. Existing
 *   entries keep their numbers, and their ids follow them.
 * - `documents.anchors` keeps, for a template's documents, where each anchor text of its roles
 *   occurs, so an envelope made from the template places its fields without parsing the PDF. Null for
 *   documents made before (found once, when first needed) and for envelopes' documents.
 */
export const ledgerSequencingAndAnchorsMigration = (dialect: DialectName): Migration => ({
  up: async (db) => {
    await db.schema.alterTable('documents').addColumn('anchors', 'text').execute();
    await (dialect === 'postgres' ? sequenceLaterOnPostgres(db) : sequenceLaterOnSqlite(db));
    await sql`create index ledger_entries_pending on ledger_entries (id) where block_number is null`.execute(db);
  },
});

async function sequenceLaterOnPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries add column id integer`.execute(db);
  await sql`update ledger_entries set id = block_number`.execute(db);
  await sql`alter table ledger_entries drop constraint ledger_entries_pkey`.execute(db);
  await sql`alter table ledger_entries alter column block_number drop not null`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_pkey primary key (id)`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_block_number unique (block_number)`.execute(db);
  await sql`create sequence ledger_entries_id_seq as integer owned by ledger_entries.id`.execute(db);
  await sql`select setval('ledger_entries_id_seq', coalesce(max(id), 0) + 1, false) from ledger_entries`.execute(db);
  await sql`alter table ledger_entries alter column id set default nextval('ledger_entries_id_seq')`.execute(db);
}

/** SQLite cannot change a primary key in place: the table is rebuilt. */
async function sequenceLaterOnSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ledger_entries_0006 (
      id integer primary key,
      block_number integer unique,
      envelope_id text not null,
      sequence integer not null,
      body text not null,
      entry_hash text not null,
      occurred_at text not null,
      constraint ledger_entries_envelope_sequence unique (envelope_id, sequence)
    )`.execute(db);
  await sql`
    insert into ledger_entries_0006 (id, block_number, envelope_id, sequence, body, entry_hash, occurred_at)
    select block_number, block_number, envelope_id, sequence, body, entry_hash, occurred_at from ledger_entries`.execute(db);
  await sql`drop table ledger_entries`.execute(db);
  await sql`alter table ledger_entries_0006 rename to ledger_entries`.execute(db);
}
