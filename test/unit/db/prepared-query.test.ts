import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Db } from '../../../src/infra/db/database.js';
import { preparedQuery } from '../../../src/infra/db/prepared-query.js';

describe('preparedQuery', () => {
  let dir: string;
  let handle: DatabaseHandle;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'countersign-prepared-'));
    handle = openDatabase({ kind: 'sqlite', file: join(dir, 'db.sqlite') });
    await migrateToLatest(handle);
    await handle.db
      .insertInto('accounts')
      .values(
        ['acc_a', 'acc_b', 'acc_c'].map((id, i) => ({
          id,
          name: `Account ${i}`,
          plan: i ? 'free' : 'starter',
          owner_user_id: `usr_${id}`,
          frame_ancestors: '[]',
          default_language: 'en',
          signer_copy_days: 30,
          created_at: `2026-0${i + 1}-01T00:00:00.000Z`,
        })),
      )
      .execute();
  });
  after(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("builds once, then runs with each call's values in place of the placeholders, keeping the constants it was built with", async () => {
    let builds = 0;
    const query = preparedQuery((db: Db, plan: string, createdAfter: string) => {
      builds++;
      return db
        .selectFrom('accounts')
        .select('id')
        .where('plan', '=', plan)
        .where('created_at', '>', createdAfter)
        .where('name', '!=', 'nobody')
        .orderBy('id');
    });
    assert.deepEqual(await query(handle.db, 'free', '2000-01-01'), [{ id: 'acc_b' }, { id: 'acc_c' }]);
    assert.deepEqual(await query(handle.db, 'free', '2026-02-15'), [{ id: 'acc_c' }]);
    assert.deepEqual(await query(handle.db, 'starter', '2000-01-01'), [{ id: 'acc_a' }]);
    assert.equal(builds, 1);
  });

  it('runs inside a transaction too', async () => {
    const query = preparedQuery((db: Db, id: string) => db.selectFrom('accounts').select('name').where('id', '=', id));
    const names = await handle.db.transaction().execute(async (trx) => [await query(trx, 'acc_a'), await query(trx, 'acc_c')]);
    assert.deepEqual(names, [[{ name: 'Account 0' }], [{ name: 'Account 2' }]]);
  });
});
