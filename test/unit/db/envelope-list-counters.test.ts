import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Migrator, sql } from 'kysely';
import { seedEnvelopes } from '../../../bench/list-at-scale.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../../src/infra/db/database.js';
import { migrationsFor } from '../../../src/infra/db/migrations/index.js';
import { createPostgresDatabase, testDatabases } from '../../support/databases.js';

/** What the counters and tag rows must hold: counted straight off the live envelopes. */
const expectedFromRows = async (handle: DatabaseHandle) => {
  const rows = await handle.db
    .selectFrom('envelopes')
    .select(['id', 'account_id', 'status', 'tags', 'template_id', 'created_at'])
    .where('deleted_at', 'is', null)
    .execute();
  const counts = new Map<string, number>();
  const tags = new Set<string>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const row of rows) {
    const rowTags = new Set((JSON.parse(row.tags) as string[]).map((tag) => tag.toLowerCase()));
    const facets = [
      'all',
      `day:${row.created_at.slice(0, 10)}`,
      ...[...rowTags].map((tag) => `tag:${tag}`),
      ...(row.template_id ? [`template:${row.template_id}`] : []),
    ];
    for (const facet of facets) add(`${row.account_id} ${facet} ${row.status}`);
    for (const tag of rowTags) tags.add(`${row.account_id} ${tag} ${row.created_at} ${row.id}`);
  }
  return { counts, tags };
};

const stored = async (handle: DatabaseHandle) => {
  const counters = await handle.db
    .selectFrom('envelope_counts')
    .select(['account_id', 'facet', 'status', (eb) => eb.fn.sum<number | string>('count').as('n')])
    .groupBy(['account_id', 'facet', 'status'])
    .execute();
  const tagRows = await handle.db.selectFrom('envelope_tags').select(['account_id', 'tag', 'created_at', 'envelope_id']).execute();
  return {
    counts: new Map(counters.filter((c) => Number(c.n) !== 0).map((c) => [`${c.account_id} ${c.facet} ${c.status}`, Number(c.n)])),
    tags: new Set(tagRows.map((t) => `${t.account_id} ${t.tag} ${t.created_at} ${t.envelope_id}`)),
  };
};

const assertCountersMatchRows = async (handle: DatabaseHandle) => {
  const [expected, actual] = [await expectedFromRows(handle), await stored(handle)];
  assert.deepEqual(actual.counts, expected.counts);
  assert.deepEqual(actual.tags, expected.tags);
};

/** SQLite's trigram index of names (PostgreSQL's is an index on the table itself): every envelope, found by its trigrams. */
const assertNamesIndexed = async (handle: DatabaseHandle) => {
  if (handle.dialect !== 'sqlite') return;
  const { rows } = await sql<{ indexed: number; envelopes: number; found: number; containing: number }>`select
      (select count(*) from envelope_name_keys) as indexed,
      (select count(*) from envelopes) as envelopes,
      (select count(*) from envelope_name_trigrams where envelope_name_trigrams match '"ini" AND "tec"') as found,
      (select count(*) from envelopes where instr(lower(name), 'ini') > 0 and instr(lower(name), 'tec') > 0) as containing`.execute(
    handle.db,
  );
  const [{ indexed, envelopes, found, containing }] = rows as [(typeof rows)[0]];
  assert.deepEqual([indexed, found], [envelopes, containing]);
  assert.ok(containing > 0);
};

const newAccount = async (handle: DatabaseHandle, id: string) => {
  await sql`insert into accounts (id, name, plan, owner_user_id, frame_ancestors, created_at)
    values (${id}, ${id}, 'starter', ${`usr_${id}`}, '[]', '2024-01-01T00:00:00.000Z')`.execute(handle.db);
  return { accountId: id, userId: `usr_${id}` };
};

for (const database of testDatabases) {
  describe(`Migration 0007 and its triggers keep the list's counters and tag rows equal to the rows (issue 9) on ${database}`, () => {
    let handle: DatabaseHandle;
    let cleanup: () => Promise<void>;
    const now = Date.now();

    before(async () => {
      if (database === 'postgres') {
        const created = await createPostgresDatabase();
        handle = openDatabase({ kind: 'postgres', url: created.url });
        cleanup = created.drop;
      } else {
        const dir = mkdtempSync(join(tmpdir(), 'countersign-counters-'));
        handle = openDatabase({ kind: 'sqlite', file: join(dir, 'db.sqlite') });
        cleanup = async () => rmSync(dir, { recursive: true, force: true });
      }
    });
    after(async () => {
      await handle.close();
      await cleanup();
    });

    it('fills the counters and tag rows from the envelopes a database already holds', async () => {
      const migrator = new Migrator({ db: handle.migrationDb, provider: { getMigrations: async () => migrationsFor(handle.dialect) } });
      const { error } = await migrator.migrateTo('0005-idempotency-leases');
      assert.equal(error, undefined);
      await seedEnvelopes(handle.db, database, await newAccount(handle, 'acct_before'), 600, now);
      await sql`update envelopes set deleted_at = ${new Date(now).toISOString()} where status = 'Completed' and name like '%7'`.execute(
        handle.db,
      );
      await migrateToLatest(handle);
      await assertCountersMatchRows(handle);
      await assertNamesIndexed(handle);
    });

    it('keeps them equal through inserts, status and due date changes, re-tagging, deletion and removal', async () => {
      await seedEnvelopes(handle.db, database, await newAccount(handle, 'acct_after'), 400, now);
      const db = handle.db;
      await sql`update envelopes set status = 'Completed' where status = 'Sent' and name like '%1'`.execute(db);
      await sql`update envelopes set status = 'Expired', signing_due_date = ${new Date(now).toISOString()} where status = 'InProgress' and name like '%2'`.execute(
        db,
      );
      await sql`update envelopes set tags = '["Renewal","renewal","New"]' where name like '%3'`.execute(db);
      await sql`update envelopes set tags = '[]', template_id = null where name like '%4'`.execute(db);
      await sql`update envelopes set deleted_at = ${new Date(now).toISOString()} where name like '%5'`.execute(db);
      await sql`update envelopes set deleted_at = null where name like '%57'`.execute(db);
      const removed = db.selectFrom('envelopes').select('id').where('name', 'like', '%6');
      await db.deleteFrom('recipients').where('envelope_id', 'in', removed).execute();
      await db.deleteFrom('envelopes').where('name', 'like', '%6').execute();
      await sql`update envelopes set name = 'Initech renamed' where name like '%8'`.execute(db);
      await assertCountersMatchRows(handle);
      await assertNamesIndexed(handle);
    });
  });
}
