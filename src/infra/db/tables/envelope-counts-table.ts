import { sql, type RawBuilder } from 'kysely';
import { ENVELOPE_STATUSES, OPEN_ENVELOPE_STATUSES, type EnvelopeStatus } from '../../../domain/envelope-state.js';
import type { Db } from '../database.js';
import { isPostgres } from '../lock-for-update.js';

export type StatusCounts = Record<EnvelopeStatus, number>;

/** An index hint SQLite needs (it keeps no statistics unless ANALYZE runs); PostgreSQL's planner has statistics. */
export const indexedBy = (db: Db, index: string) => (isPostgres(db) ? sql`` : sql.raw(` indexed by ${index}`));

/** Which of the triggers' counters (migration 0007) to read: every live envelope, those with a tag, or those made from a template. */
export interface Facet {
  /** The counters' key, computed by the database: a tag is lower-cased by its lower(), as the triggers store it. */
  key: RawBuilder<unknown>;
  /** Whether an envelope row `e` belongs to the facet. */
  holds: RawBuilder<unknown>;
}

export const ALL_ENVELOPES: Facet = { key: sql`'all'`, holds: sql`true` };

/**
 * The tag test is a probe of the tag's primary key for each overdue envelope: a scalar subquery,
 * which PostgreSQL runs per row, where an EXISTS could become a hash join reading the whole tag.
 */
export const tagFacet = (tag: string): Facet => ({
  key: sql`'tag:' || lower(${tag})`,
  holds: sql`coalesce((select 1 from envelope_tags as t where t.account_id = e.account_id and t.tag = lower(${tag})
    and t.created_at = e.created_at and t.envelope_id = e.id), 0) = 1`,
});

export const templateFacet = (templateId: string): Facet => ({
  key: sql`${`template:${templateId}`}`,
  holds: sql`e.template_id = ${templateId}`,
});

/**
 * The facet's open envelopes past their due instant, by stored status, optionally within a creation
 * range: the difference between stored and effective status. They are read first, whole, from the
 * small partial index of open envelopes (materialized, so PostgreSQL cannot trade that index for a
 * join it misjudges: it takes overdue and open for independent and expects thousands), and only
 * then tested against the facet.
 */
export const overdueSql = (db: Db, accountId: string, now: Date, facet: Facet, createdRange: RawBuilder<unknown> = sql`true`) =>
  sql`with e as materialized (
      select e.id, e.account_id, e.status, e.created_at, e.template_id from envelopes as e${indexedBy(db, 'envelopes_live_open_due')}
      where e.account_id = ${accountId} and e.deleted_at is null and e.status in (${sql.join(OPEN_ENVELOPE_STATUSES.map((status) => sql.lit(status)))}) and e.signing_due_date <= ${now.toISOString()}
    )
    select e.status, count(*) as n from e where ${createdRange} and ${facet.holds} group by e.status`;

/**
 * A facet's live envelopes by effective status at `now`: the counters corrected by the open
 * envelopes already past their due instant (an overdue envelope reads Expired before the expiry job
 * has run). Cost: the facet's counter rows (at most 6 statuses × 64 slots) and the account's overdue
 * open envelopes, which the expiry job keeps few.
 */
export const readEffectiveCounts = async (db: Db, accountId: string, now: Date, facet: Facet = ALL_ENVELOPES): Promise<StatusCounts> => {
  const { rows } = await sql<StoredOrOverdue>`
    select status, sum(count) as n, 0 as overdue from envelope_counts where account_id = ${accountId} and facet = ${facet.key} group by status
    union all
    select o.status, o.n, 1 as overdue from (${overdueSql(db, accountId, now, facet)}) as o`.execute(db);
  return effectiveCountsOf(rows);
};

/** Live envelopes carrying each tag, by stored status summed: enough to tell which tag is the rarest. */
export const readTagTotals = async (db: Db, accountId: string, tags: readonly string[]): Promise<number[]> => {
  const parts = tags.map(
    (tag, i) =>
      sql`select ${sql.lit(i)} as i, coalesce(sum(count), 0) as n from envelope_counts where account_id = ${accountId} and facet = ${tagFacet(tag).key}`,
  );
  const { rows } = await sql<{ i: number; n: number | string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  const totals = tags.map(() => 0);
  for (const row of rows) totals[Number(row.i)] = Number(row.n);
  return totals;
};

export interface StoredOrOverdue {
  status: EnvelopeStatus;
  n: number | string;
  /** 1 when `n` counts overdue open envelopes of that stored status, 0 when it counts stored statuses. */
  overdue: number;
}

/** Effective counts from stored ones and the overdue: an overdue open envelope counts as Expired (domain/envelope-state.ts). */
export const effectiveCountsOf = (rows: StoredOrOverdue[]): StatusCounts => {
  const counts = Object.fromEntries(ENVELOPE_STATUSES.map((status) => [status, 0])) as StatusCounts;
  for (const row of rows) {
    const n = Number(row.n);
    if (Number(row.overdue) !== 1) counts[row.status] += n;
    else {
      counts[row.status] -= n;
      counts.Expired += n;
    }
  }
  return counts;
};

/** The facet of a day of creation, from a timestamp or a date (UTC). */
export const dayFacet = (isoTimeOrDate: string) => `day:${isoTimeOrDate.slice(0, 10)}`;

/**
 * Folds the slots of past days into one row per (account, day, status): the hourly maintenance's
 * part, which keeps the day rows a range or a deep page reads at about one per day and status.
 * Today's rows keep their slots, which concurrent creations still add to. SQLite has one slot.
 */
export const foldPastDaySlots = async (db: Db, now: Date): Promise<void> => {
  if (!isPostgres(db)) return;
  await sql`with folded as (
      delete from envelope_counts where facet > 'day:' and facet < ${dayFacet(now.toISOString())} and slot <> 0
      returning account_id, facet, status, count
    )
    insert into envelope_counts (account_id, facet, status, slot, count)
      select account_id, facet, status, 0, sum(count) from folded group by account_id, facet, status order by account_id, facet, status
    on conflict (account_id, facet, status, slot) do update set count = envelope_counts.count + excluded.count`.execute(db);
};
