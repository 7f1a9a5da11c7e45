import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'kysely';
import { seedEnvelopes } from '../../../bench/list-at-scale.js';
import { runMaintenance } from '../../../src/app/jobs/maintenance.js';
import { describeWithServer } from '../../support/api-suite.js';
import { listOracle, type ListBody } from './list-oracle.js';

/**
 * On PostgreSQL each backend adds to its own counter slot (pid % 64), so concurrent creations in
 * one account never wait for each other; the hourly maintenance folds past days' slots back into
 * one row. Slots are PostgreSQL's alone: SQLite's single writer always adds to slot 0.
 */
describeWithServer(
  'The list counters spread over PostgreSQL backends and folded back by the maintenance (issue 9)',
  (server) => {
    let token: string;
    let accountId: string;
    const pastDayRowsOutsideSlotZero = async () => {
      const today = `day:${server.clock.now().toISOString().slice(0, 10)}`;
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from envelope_counts
        where account_id = ${accountId} and slot <> 0 and facet > 'day:' and facet < ${today}`.execute(server.service.ctx.db);
      return Number(rows[0]!.n);
    };
    const bodies: ListBody[] = [
      {},
      { filters: { status: ['Completed'] } },
      { filters: { created_from: new Date(Date.now() - 200 * 86_400_000).toISOString() } },
      { page: 30, page_size: 20 },
      { filters: { tags: ['legal'] } },
    ];
    const assertExact = async () => {
      const expected = await listOracle(server, accountId);
      for (const body of bodies) {
        const response = await server.call('POST', '/api/v2.0/envelopes/list', { token, body });
        const answered = {
          total: response.body.data.total,
          ids: response.body.data.envelopes.map((e: { envelope_id: string }) => e.envelope_id),
        };
        assert.deepEqual(answered, expected(body), JSON.stringify(body));
      }
    };

    before(async () => {
      const account = await server.newAccount();
      ({ accessToken: token, account_id: accountId } = account);
      await seedEnvelopes(server.service.ctx.db, 'postgres', { accountId, userId: account.user_id }, 2000, server.clock.now().getTime());
      // As if many backends had added to each counter: one envelope of every counter moves to slot 63.
      await sql`with moved as (
          update envelope_counts set count = count - 1 where account_id = ${accountId} and slot <> 63 and count > 1
          returning account_id, facet, status
        )
        insert into envelope_counts (account_id, facet, status, slot, count) select account_id, facet, status, 63, 1 from moved
        on conflict (account_id, facet, status, slot) do update set count = envelope_counts.count + 1`.execute(server.service.ctx.db);
    });

    it('adds up every slot: totals and pages are exact while the counts are spread', async () => {
      assert.ok((await pastDayRowsOutsideSlotZero()) > 100);
      await assertExact();
    });

    it('folds the slots of past days into one row each and keeps every total and page exact', async () => {
      await runMaintenance(server.service.ctx);
      assert.equal(await pastDayRowsOutsideSlotZero(), 0);
      await assertExact();
    });
  },
  { database: 'postgres', env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
