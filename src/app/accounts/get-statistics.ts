import { isPostgres } from '../../infra/db/lock-for-update.js';
import { sql } from 'kysely';
import { ENVELOPE_STATUSES, type EnvelopeStatus } from '../../domain/envelope-state.js';
import type { Db } from '../../infra/db/database.js';
import type { AppContext } from '../context.js';
import { effectiveStatusSql } from '../envelopes/list-envelopes.js';
import { monthWindow } from './month-window.js';

/** Seconds between two ISO text columns; the one expression the two databases spell differently. */
const completionSeconds = (db: Db) =>
  isPostgres(db)
    ? sql<number | string | null>`avg(extract(epoch from (completed_at::timestamptz - created_at::timestamptz)))`
    : sql<number | string | null>`avg((julianday(completed_at) - julianday(created_at)) * 86400.0)`;

/**
 * The account's envelopes by effective status (past-due open envelopes count as Expired), this
 * calendar month's activity (UTC), and how long completion takes on average. Deleted envelopes
 * are left out.
 */
export const getStatistics = async (ctx: AppContext, accountId: string) => {
  const now = ctx.clock.now();
  const { start, end } = monthWindow(now);
  const live = ctx.db.selectFrom('envelopes').where('account_id', '=', accountId).where('deleted_at', 'is', null);
  const inMonth = (column: 'created_at' | 'completed_at') =>
    sql<number>`sum(case when ${sql.ref(column)} >= ${start.toISOString()} and ${sql.ref(column)} < ${end.toISOString()} then 1 else 0 end)`;

  const [byStatus, totals] = await Promise.all([
    ctx.db
      .selectFrom(live.select(effectiveStatusSql(now).as('effective_status')).as('e'))
      .select(['e.effective_status', (eb) => eb.fn.countAll().as('count')])
      .groupBy('e.effective_status')
      .execute(),
    live
      .select((eb) => [
        eb.fn.countAll().as('total'),
        inMonth('created_at').as('created'),
        inMonth('completed_at').as('completed'),
        completionSeconds(ctx.db).as('average'),
      ])
      .executeTakeFirstOrThrow(),
  ]);

  const counts = Object.fromEntries(ENVELOPE_STATUSES.map((status) => [status, 0])) as Record<EnvelopeStatus, number>;
  for (const row of byStatus) counts[row.effective_status] = Number(row.count);
  return {
    total: Number(totals.total),
    by_status: counts,
    this_month: { created: Number(totals.created ?? 0), completed: Number(totals.completed ?? 0) },
    average_completion_seconds: totals.average === null ? null : Math.round(Number(totals.average)),
  };
};
