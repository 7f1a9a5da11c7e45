import { sql } from 'kysely';
import { ENVELOPE_STATUSES, type EnvelopeStatus } from '../../../domain/envelope-state.js';
import type { Db } from '../database.js';
import { isPostgres } from '../lock-for-update.js';
import { effectiveStatusSql } from './envelope-list.js';

/** Seconds between two ISO text columns; the one expression the two databases spell differently. */
const completionSeconds = (db: Db) =>
  isPostgres(db)
    ? sql<number | string | null>`avg(extract(epoch from (completed_at::timestamptz - created_at::timestamptz)))`
    : sql<number | string | null>`avg((julianday(completed_at) - julianday(created_at)) * 86400.0)`;

export interface EnvelopeStatistics {
  total: number;
  byStatus: Record<EnvelopeStatus, number>;
  /** Within the window: envelopes created, and envelopes completed. */
  createdInWindow: number;
  completedInWindow: number;
  /** From creation to completion; null while none is completed. */
  averageCompletionSeconds: number | null;
}

/** Envelopes of an account created in [start, end), deleted ones included. */
export const countEnvelopesCreated = async (db: Db, accountId: string, start: string, end: string): Promise<number> => {
  const row = await db
    .selectFrom('envelopes')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('account_id', '=', accountId)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/** The account's live (not deleted) envelopes by effective status at `now`, and their activity in [start, end). */
export const readEnvelopeStatistics = async (
  db: Db,
  accountId: string,
  now: Date,
  { start, end }: { start: string; end: string },
): Promise<EnvelopeStatistics> => {
  const live = db.selectFrom('envelopes').where('account_id', '=', accountId).where('deleted_at', 'is', null);
  const inWindow = (column: 'created_at' | 'completed_at') =>
    sql<number>`sum(case when ${sql.ref(column)} >= ${start} and ${sql.ref(column)} < ${end} then 1 else 0 end)`;

  const [byStatus, totals] = await Promise.all([
    db
      .selectFrom(live.select(effectiveStatusSql(now).as('effective_status')).as('e'))
      .select(['e.effective_status', (eb) => eb.fn.countAll().as('count')])
      .groupBy('e.effective_status')
      .execute(),
    live
      .select((eb) => [
        eb.fn.countAll().as('total'),
        inWindow('created_at').as('created'),
        inWindow('completed_at').as('completed'),
        completionSeconds(db).as('average'),
      ])
      .executeTakeFirstOrThrow(),
  ]);

  const counts = Object.fromEntries(ENVELOPE_STATUSES.map((status) => [status, 0])) as Record<EnvelopeStatus, number>;
  for (const row of byStatus) counts[row.effective_status] = Number(row.count);
  return {
    total: Number(totals.total),
    byStatus: counts,
    createdInWindow: Number(totals.created ?? 0),
    completedInWindow: Number(totals.completed ?? 0),
    averageCompletionSeconds: totals.average === null ? null : Math.round(Number(totals.average)),
  };
};

/**
 * How many of the account's envelopes (deleted ones included, as the quota counts them) were created,
 * or completed, on each UTC day of [start, end), keyed `YYYY-MM-DD`; days without any are absent.
 * Times are ISO 8601 UTC text, so a day is the first ten characters on both databases.
 */
export const countEnvelopesByDay = async (
  db: Db,
  accountId: string,
  column: 'created_at' | 'completed_at',
  { start, end }: { start: Date; end: Date },
): Promise<Map<string, number>> => {
  const day = sql<string>`substr(${sql.ref(column)}, 1, 10)`;
  const rows = await db
    .selectFrom('envelopes')
    .select([day.as('day'), (eb) => eb.fn.countAll().as('count')])
    .where('account_id', '=', accountId)
    .where(column, '>=', start.toISOString())
    .where(column, '<', end.toISOString())
    .groupBy(day)
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
};
