import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { Kysely, sql } from 'kysely';
import { openSqliteConnection } from '../../../src/infra/db/database.js';
import { GroupCommitSqliteDialect } from '../../../src/infra/db/group-commit-dialect.js';

interface Tables {
  items: { id: number; label: string };
  parents: { id: number };
  children: { id: number; parent_id: number };
}

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('SQLite group commit (GroupCommitSqliteDialect)', () => {
  let dir: string;
  let db: Kysely<Tables>;
  /** Every statement SQLite ran on the writing connection, from its own trace. */
  let traced: string[];

  const open = async (maxTransactions = 64) => {
    const file = join(dir, 'test.sqlite');
    const writer = openSqliteConnection(file, { verbose: (statement) => traced.push(String(statement)) });
    const reader = openSqliteConnection(file);
    reader.pragma('query_only = ON');
    db = new Kysely<Tables>({ dialect: new GroupCommitSqliteDialect({ writer, reader, maxTransactions }) });
    await db.schema
      .createTable('items')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('label', 'text')
      .execute();
    await db.schema
      .createTable('parents')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
    await sql`create table children (id integer primary key, parent_id integer references parents(id) deferrable initially deferred)`.execute(
      db,
    );
    traced.length = 0;
  };
  const commits = () => traced.filter((statement) => statement === 'COMMIT').length;
  const labels = async () => (await db.selectFrom('items').select('label').orderBy('id').execute()).map((row) => row.label);
  const insertItem = (label: string) => (trx: Kysely<Tables>) =>
    trx
      .insertInto('items')
      .values({ label } as Tables['items'])
      .execute();

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'countersign-group-commit-'));
    traced = [];
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('commits concurrent transactions with one COMMIT, and answers each only after it', async () => {
    await open();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => db.transaction().execute(insertItem(`item ${i}`))));
    assert.equal(results.length, 20);
    assert.equal(commits(), 1);
    assert.equal(traced.filter((statement) => statement === 'BEGIN IMMEDIATE').length, 1);
    assert.equal((await labels()).length, 20);
  });

  it('rolls back a failing transaction alone; the others of its batch commit', async () => {
    await open();
    const outcomes = await Promise.allSettled(
      ['a', 'b', 'c', 'd', 'e'].map((label) =>
        db.transaction().execute(async (trx) => {
          await insertItem(label)(trx);
          if (label === 'c') throw new Error('c fails');
        }),
      ),
    );
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled'],
    );
    assert.equal((outcomes[2] as PromiseRejectedResult).reason.message, 'c fails');
    assert.deepEqual(await labels(), ['a', 'b', 'd', 'e']);
    assert.equal(commits(), 1);
  });

  it('fails every transaction of a batch whose COMMIT fails, and the next batch starts clean', async () => {
    await open();
    await db.insertInto('parents').values({ id: 1 }).execute();
    const outcomes = await Promise.allSettled(
      [1, 2, 1].map((parent, i) =>
        db.transaction().execute(async (trx) => {
          await insertItem(`with child ${i}`)(trx);
          // Checked at COMMIT only: parent 2 does not exist.
          await trx.insertInto('children').values({ id: i, parent_id: parent }).execute();
        }),
      ),
    );
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['rejected', 'rejected', 'rejected'],
    );
    assert.match((outcomes[0] as PromiseRejectedResult).reason.message, /FOREIGN KEY/);
    assert.deepEqual(await labels(), []);
    assert.equal((await db.selectFrom('children').selectAll().execute()).length, 0);

    await db.transaction().execute(insertItem('after'));
    assert.deepEqual(await labels(), ['after']);
  });

  it('never shows a read outside a transaction what the open batch wrote, and answers it without waiting', async () => {
    await open();
    const gate = deferred();
    const entered = deferred();
    let firstAnswered = false;
    const first = db
      .transaction()
      .execute(insertItem('first'))
      .then(() => (firstAnswered = true));
    const second = db.transaction().execute(async (trx) => {
      await insertItem('second')(trx);
      entered.resolve();
      await gate.promise;
    });
    await entered.promise;
    // `first` ended its transaction before `second` began: it waits in the open batch, not yet on disk.
    assert.deepEqual(await labels(), []);
    assert.equal(firstAnswered, false);
    assert.equal(commits(), 0);

    gate.resolve();
    await Promise.all([first, second]);
    assert.equal(commits(), 1);
    assert.deepEqual(await labels(), ['first', 'second']);
  });

  it('answers a write outside a transaction once the batch it joined is on disk', async () => {
    await open();
    const gate = deferred();
    const entered = deferred();
    const held = db.transaction().execute(async (trx) => {
      await insertItem('in transaction')(trx);
      entered.resolve();
      await gate.promise;
    });
    await entered.promise;
    let writeAnswered = false;
    const write = insertItem('alone')(db).then(() => (writeAnswered = true));
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(writeAnswered, false);

    gate.resolve();
    await Promise.all([held, write]);
    assert.equal(commits(), 1);
    assert.deepEqual(await labels(), ['in transaction', 'alone']);
  });

  it('commits a full batch at once, without waiting for the connection to be idle', async () => {
    await open(5);
    await Promise.all(Array.from({ length: 12 }, (_, i) => db.transaction().execute(insertItem(`item ${i}`))));
    assert.equal(commits(), 3);
    assert.equal((await labels()).length, 12);
  });

  it('streams a read outside a transaction while the same query runs again', async () => {
    await open();
    await Promise.all(['a', 'b'].map((label) => db.transaction().execute(insertItem(label))));
    const query = () => db.selectFrom('items').select('label').orderBy('id');
    const streamed: string[] = [];
    for await (const row of query().stream()) {
      streamed.push(row.label);
      assert.equal((await query().execute()).length, 2);
    }
    assert.deepEqual(streamed, ['a', 'b']);
  });

  it("keeps a caller's savepoints inside its own transaction", async () => {
    await open();
    const trx = await db.startTransaction().execute();
    await insertItem('kept')(trx);
    const savepoint = await trx.savepoint('before_undone').execute();
    await insertItem('undone')(savepoint);
    await savepoint.rollbackToSavepoint('before_undone').execute();
    await trx.commit().execute();
    assert.deepEqual(await labels(), ['kept']);
  });
});
