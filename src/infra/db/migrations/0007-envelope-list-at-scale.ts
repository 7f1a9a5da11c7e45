import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * POST /envelopes/list over millions of envelopes of one account (issue 9). The database keeps
 * what the list reads, so no use case has to remember it:
 * - `envelope_counts`: live envelopes per (account, facet, stored status), kept by triggers. A
 *   facet is `all`, `tag:<lower-cased tag>`, `template:<id>` or `day:<YYYY-MM-DD>` (of creation,
 *   UTC): the total of a list filtered by nothing, a status, a tag or a template is a sum of a few
 *   rows instead of a count, and a creation range or a deep page adds up days instead of envelopes.
 * - `envelope_tags`: one row per (live envelope, lower-cased tag), in creation order per tag, with the
 *   envelope's status and due date, so a tag's page (and its count within a range) reads this table alone.
 * - trigram search over names: FTS5 on SQLite, pg_trgm on PostgreSQL.
 * - partial indexes over live envelopes in each order the list offers.
 * On PostgreSQL a counter row is one per (account, facet, status, slot) with the slot taken from
 * the backend's pid: concurrent transactions of one account add to different rows instead of
 * waiting for each other's commit on one row. The hourly maintenance folds the slots of past days
 * into one row each (envelope-counts-table.ts), so an account's day rows stay about one per day and status.
 */
export const envelopeListAtScaleMigration = (dialect: DialectName): Migration => ({
  up: async (db) => {
    await createCommonTablesAndIndexes(db, dialect);
    if (dialect === 'postgres') await upPostgres(db);
    else await upSqlite(db);
  },
});

async function createCommonTablesAndIndexes(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('envelope_counts')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('facet', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('envelope_counts_key', ['account_id', 'facet', 'status', 'slot'])
    .execute();

  // The primary key is the index: a tag's envelopes in creation order, counted and filtered by status without reading an envelope.
  await sql`create table envelope_tags (
    account_id text not null, tag text not null, created_at text not null, envelope_id text not null,
    status text not null, signing_due_date text not null,
    constraint envelope_tags_key primary key (account_id, tag, created_at, envelope_id)${sql.raw(dialect === 'postgres' ? ' include (status, signing_due_date)' : '')}
  )${sql.raw(dialect === 'sqlite' ? ' without rowid' : '')}`.execute(db);

  // Superseded by envelopes_live_created and envelopes_live_status_created, which hold what the list reads
  // (no query asks for deleted envelopes by status): fewer indexes for every creation to write.
  await db.schema.dropIndex('envelopes_account_live_created').execute();
  await db.schema.dropIndex('envelopes_account_status').execute();
  // Status and due date ride along in the indexes that filter by status while they walk: the effective status needs no row.
  const live = sql<boolean>`deleted_at is null`;
  await db.schema.createIndex('envelopes_live_created').on('envelopes').columns(['account_id', 'created_at', 'id']).where(live).execute();
  await db.schema
    .createIndex('envelopes_live_status_created')
    .on('envelopes')
    .columns(['account_id', 'status', 'created_at', 'id', 'signing_due_date'])
    .where(live)
    .execute();
  await sql`create index envelopes_live_name on envelopes (account_id, lower(name), id, status, signing_due_date) where deleted_at is null`.execute(
    db,
  );
  // Open envelopes only (a few percent of an account): those past their due instant are the difference between
  // stored and effective status, a range of this index (due date second: the status is the partial index's own
  // condition, which PostgreSQL drops from the scan), read with what the facets and ranges test.
  await sql`create index envelopes_live_open_due on envelopes (account_id, signing_due_date, status, created_at, id, template_id)
    where deleted_at is null and status in ('Sent', 'InProgress')`.execute(db);
  await sql`create index envelopes_live_template_created on envelopes (account_id, template_id, created_at, id, status, signing_due_date)
    where deleted_at is null and template_id is not null`.execute(db);
  // The recipient filter reads envelope ids from the index alone.
  await db.schema.dropIndex('recipients_email').execute();
  await db.schema.createIndex('recipients_email_envelope').on('recipients').columns(['email', 'envelope_id']).execute();
}

/** The facets an envelope row counts under: `all`, each of its tags, its template and its day of creation. */
const sqliteFacets = (row: 'old' | 'new') =>
  `select 'all' as facet union select 'day:' || substr(${row}.created_at, 1, 10) union select 'tag:' || lower(value) from json_each(${row}.tags)
    union select 'template:' || ${row}.template_id where ${row}.template_id is not null`;
const postgresFacets = (row: string) =>
  `select 'all' union select 'day:' || substr(${row}.created_at, 1, 10) union select 'tag:' || lower(t) from jsonb_array_elements_text(${row}.tags::jsonb) as t
    union select 'template:' || ${row}.template_id where ${row}.template_id is not null`;

const sqliteCountsAdded = (deltas: string) =>
  sql.raw(`insert into envelope_counts (account_id, facet, status, slot, count)
    select account_id, facet, status, 0, sum(delta) from (${deltas}) group by account_id, facet, status having sum(delta) <> 0
    on conflict do update set count = count + excluded.count`);
const sqliteDeltas = (row: 'old' | 'new', delta: number) =>
  `select ${row}.account_id as account_id, f.facet as facet, ${row}.status as status, ${delta} as delta from (${sqliteFacets(row)}) as f
    where ${row}.deleted_at is null`;

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`insert into envelope_counts (account_id, facet, status, slot, count)
    select account_id, facet, status, 0, count(*) from (
      select account_id, 'all' as facet, status from envelopes where deleted_at is null
      union all
      select account_id, 'day:' || substr(created_at, 1, 10), status from envelopes where deleted_at is null
      union all
      select account_id, facet, status from (
        select distinct e.id, e.account_id, 'tag:' || lower(t.value) as facet, e.status from envelopes as e, json_each(e.tags) as t
          where e.deleted_at is null)
      union all
      select account_id, 'template:' || template_id, status from envelopes where deleted_at is null and template_id is not null
    ) group by account_id, facet, status`.execute(db);
  await sql`create trigger envelope_counts_inserted after insert on envelopes when new.deleted_at is null begin
    ${sqliteCountsAdded(sqliteDeltas('new', 1))};
  end`.execute(db);
  await sql`create trigger envelope_counts_moved after update of account_id, status, deleted_at, tags, template_id, created_at on envelopes
    when old.account_id is not new.account_id or old.status is not new.status or old.deleted_at is not new.deleted_at
      or old.tags is not new.tags or old.template_id is not new.template_id or old.created_at is not new.created_at begin
    ${sqliteCountsAdded(`${sqliteDeltas('old', -1)} union all ${sqliteDeltas('new', 1)}`)};
  end`.execute(db);
  await sql`create trigger envelope_counts_deleted after delete on envelopes when old.deleted_at is null begin
    ${sqliteCountsAdded(sqliteDeltas('old', -1))};
  end`.execute(db);

  const oldTagRows = sql.raw(`delete from envelope_tags where old.deleted_at is null and account_id = old.account_id
      and tag in (select lower(value) from json_each(old.tags)) and created_at = old.created_at and envelope_id = old.id`);
  await sql`insert or ignore into envelope_tags (account_id, tag, created_at, envelope_id, status, signing_due_date)
    select e.account_id, lower(t.value), e.created_at, e.id, e.status, e.signing_due_date from envelopes e, json_each(e.tags) t
      where e.deleted_at is null`.execute(db);
  await sql`create trigger envelope_tags_inserted after insert on envelopes when new.deleted_at is null and new.tags <> '[]' begin
    insert or ignore into envelope_tags (account_id, tag, created_at, envelope_id, status, signing_due_date)
      select new.account_id, lower(value), new.created_at, new.id, new.status, new.signing_due_date from json_each(new.tags);
  end`.execute(db);
  await sql`create trigger envelope_tags_changed
    after update of account_id, tags, created_at, deleted_at, status, signing_due_date on envelopes
    when (old.tags <> '[]' or new.tags <> '[]') and (old.account_id is not new.account_id or old.tags is not new.tags
      or old.created_at is not new.created_at or old.deleted_at is not new.deleted_at or old.status is not new.status
      or old.signing_due_date is not new.signing_due_date) begin
    ${oldTagRows};
    insert or ignore into envelope_tags (account_id, tag, created_at, envelope_id, status, signing_due_date)
      select new.account_id, lower(value), new.created_at, new.id, new.status, new.signing_due_date from json_each(new.tags)
      where new.deleted_at is null;
  end`.execute(db);
  await sql`create trigger envelope_tags_deleted after delete on envelopes when old.deleted_at is null begin ${oldTagRows}; end`.execute(
    db,
  );

  // FTS5 needs an integer key per row; envelopes' own rowid may change on VACUUM, so the key is kept here.
  await sql`create table envelope_name_keys (key integer primary key, envelope_id text not null unique)`.execute(db);
  // Row ids only (detail = none): a query asks for rows holding every one of a few trigrams of the term, and LIKE then decides.
  await sql`create virtual table envelope_name_trigrams
    using fts5(name, tokenize = 'trigram', detail = 'none', content = '', contentless_delete = 1)`.execute(db);
  await sql`insert into envelope_name_keys (envelope_id) select id from envelopes`.execute(db);
  await sql`insert into envelope_name_trigrams (rowid, name) select k.key, e.name from envelope_name_keys k join envelopes e on e.id = k.envelope_id`.execute(
    db,
  );
  await sql`create trigger envelope_names_inserted after insert on envelopes begin
    insert into envelope_name_keys (envelope_id) values (new.id);
    insert into envelope_name_trigrams (rowid, name) select key, new.name from envelope_name_keys where envelope_id = new.id;
  end`.execute(db);
  await sql`create trigger envelope_names_renamed after update of name on envelopes when old.name is not new.name begin
    delete from envelope_name_trigrams where rowid = (select key from envelope_name_keys where envelope_id = old.id);
    insert into envelope_name_trigrams (rowid, name) select key, new.name from envelope_name_keys where envelope_id = new.id;
  end`.execute(db);
  await sql`create trigger envelope_names_deleted after delete on envelopes begin
    delete from envelope_name_trigrams where rowid = (select key from envelope_name_keys where envelope_id = old.id);
    delete from envelope_name_keys where envelope_id = old.id;
  end`.execute(db);
}

/** Adds the grouped deltas to the backend's slot, in key order, so two transactions that meet on a slot lock its rows in the same order. */
const postgresCountsAdded = (deltas: string) =>
  `insert into envelope_counts (account_id, facet, status, slot, count)
    select account_id, facet, status, pg_backend_pid() % 64, sum(delta) from (${deltas}) as d
      group by account_id, facet, status having sum(delta) <> 0 order by account_id, facet, status
    on conflict (account_id, facet, status, slot) do update set count = envelope_counts.count + excluded.count`;
const postgresRowsDeltas = (rows: string, delta: number) =>
  `select e.account_id, f.facet, e.status, ${delta} as delta from ${rows} as e cross join lateral (${postgresFacets('e')}) as f(facet)
    where e.deleted_at is null`;
const postgresRowDeltas = (row: 'old' | 'new', delta: number) =>
  `select ${row}.account_id, f.facet, ${row}.status, ${delta} as delta from (${postgresFacets(row)}) as f(facet) where ${row}.deleted_at is null`;

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`insert into envelope_counts (account_id, facet, status, slot, count)
    select e.account_id, f.facet, e.status, 0, count(*) from envelopes as e cross join lateral (${sql.raw(postgresFacets('e'))}) as f(facet)
      where e.deleted_at is null group by e.account_id, f.facet, e.status`.execute(db);

  // Statement triggers for inserts and deletes: a bulk insert adds to each counter once, not once a row.
  await sql`create function envelope_list_inserted() returns trigger language plpgsql as $$ begin
    ${sql.raw(postgresCountsAdded(postgresRowsDeltas('inserted_envelopes', 1)))};
    insert into envelope_tags (account_id, tag, created_at, envelope_id, status, signing_due_date)
      select e.account_id, lower(t.tag), e.created_at, e.id, e.status, e.signing_due_date
        from inserted_envelopes e cross join lateral jsonb_array_elements_text(e.tags::jsonb) as t(tag)
        where e.deleted_at is null
      on conflict do nothing;
    return null;
  end $$`.execute(db);
  await sql`create trigger envelope_list_inserted after insert on envelopes referencing new table as inserted_envelopes
    for each statement execute function envelope_list_inserted()`.execute(db);

  await sql`create function envelope_list_deleted() returns trigger language plpgsql as $$ begin
    ${sql.raw(postgresCountsAdded(postgresRowsDeltas('deleted_envelopes', -1)))};
    delete from envelope_tags t using deleted_envelopes e cross join lateral jsonb_array_elements_text(e.tags::jsonb) as x(tag)
      where e.deleted_at is null and t.account_id = e.account_id and t.tag = lower(x.tag) and t.created_at = e.created_at
        and t.envelope_id = e.id;
    return null;
  end $$`.execute(db);
  await sql`create trigger envelope_list_deleted after delete on envelopes referencing old table as deleted_envelopes
    for each statement execute function envelope_list_deleted()`.execute(db);

  // Row triggers for updates, so the WHEN clause skips every update that moves nothing (most of them).
  await sql`create function envelope_counts_moved() returns trigger language plpgsql as $$ begin
    ${sql.raw(postgresCountsAdded(`${postgresRowDeltas('old', -1)} union all ${postgresRowDeltas('new', 1)}`))};
    return null;
  end $$`.execute(db);
  await sql`create trigger envelope_counts_moved
    after update of account_id, status, deleted_at, tags, template_id, created_at on envelopes for each row
    when (old.account_id is distinct from new.account_id or old.status is distinct from new.status
      or old.deleted_at is distinct from new.deleted_at or old.tags is distinct from new.tags or old.template_id is distinct from new.template_id
      or old.created_at is distinct from new.created_at)
    execute function envelope_counts_moved()`.execute(db);

  await sql`insert into envelope_tags (account_id, tag, created_at, envelope_id, status, signing_due_date)
    select e.account_id, lower(t.tag), e.created_at, e.id, e.status, e.signing_due_date
      from envelopes e cross join lateral jsonb_array_elements_text(e.tags::jsonb) as t(tag)
      where e.deleted_at is null
    on conflict do nothing`.execute(db);
  // One deletion per tag, each naming the whole primary key: PostgreSQL cannot use `tag = any (…)` on the key's
  // second column and would read every tag row of the account instead.
  await sql`create function envelope_tags_changed() returns trigger language plpgsql as $$ declare old_tag text; begin
    if old.deleted_at is null then
      for old_tag in select distinct lower(x.tag) from jsonb_array_elements_text(old.tags::jsonb) as x(tag) loop
        delete from envelope_tags where account_id = old.account_id and tag = old_tag and created_at = old.created_at and envelope_id = old.id;
      end loop;
    end if;
    if new.deleted_at is null then
      insert into envelope_tags (account_id, tag, created_at, envelope_id, status, signing_due_date)
        select new.account_id, lower(x.tag), new.created_at, new.id, new.status, new.signing_due_date
          from jsonb_array_elements_text(new.tags::jsonb) as x(tag)
        on conflict do nothing;
    end if;
    return null;
  end $$`.execute(db);
  await sql`create trigger envelope_tags_changed
    after update of account_id, tags, created_at, deleted_at, status, signing_due_date on envelopes for each row
    when ((old.tags <> '[]' or new.tags <> '[]') and (old.account_id is distinct from new.account_id or old.tags is distinct from new.tags
      or old.created_at is distinct from new.created_at or old.deleted_at is distinct from new.deleted_at
      or old.status is distinct from new.status or old.signing_due_date is distinct from new.signing_due_date))
    execute function envelope_tags_changed()`.execute(db);

  // pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: a role that may create in the database may install it.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index envelopes_live_name_trigrams on envelopes using gin (lower(name) gin_trgm_ops) where deleted_at is null`.execute(
    db,
  );
}
