import { sql, type RawBuilder } from 'kysely';
import { ENVELOPE_STATUSES, OPEN_ENVELOPE_STATUSES as OPEN_STATUSES, type EnvelopeStatus } from '../../../domain/envelope-state.js';
import type { Db } from '../database.js';
import { isPostgres } from '../lock-for-update.js';
import { nameCandidates, nameContains } from './envelope-name-search.js';
import {
  ALL_ENVELOPES,
  effectiveCountsOf,
  indexedBy,
  overdueSql,
  dayFacet,
  readEffectiveCounts,
  readTagTotals,
  tagFacet,
  templateFacet,
  type StatusCounts,
  type StoredOrOverdue,
} from './envelope-counts-table.js';

/** The status as the contract reads it at `now` (see domain/envelope-state.ts), computed by the database for the rows of `table`. */
export const effectiveStatusOf = (table: string, now: Date) => {
  const status = sql.ref(`${table}.status`);
  return sql<EnvelopeStatus>`case when ${status} in (${literals(OPEN_STATUSES)}) and ${sql.ref(`${table}.signing_due_date`)} <= ${now.toISOString()} then 'Expired' else ${status} end`;
};

export const effectiveStatusSql = (now: Date) => effectiveStatusOf('envelopes', now);

export interface EnvelopeListFilters {
  statuses?: EnvelopeStatus[];
  nameContains?: string;
  tags?: string[];
  recipientEmail?: string;
  templateId?: string;
  createdFrom?: string;
  createdTo?: string;
  /** The bulk send that created them (docs/api/bulk-sending.md). */
  bulkSendId?: string;
}

export type EnvelopeSortField = 'createdAt' | 'name' | 'status';

export interface EnvelopePageQuery {
  filters: EnvelopeListFilters;
  page: number;
  pageSize: number;
  sortBy: EnvelopeSortField;
  order: 'asc' | 'desc';
  /** Statuses are effective as of this instant. */
  asOf: Date;
}

export interface EnvelopeSummary {
  id: string;
  name: string;
  status: EnvelopeStatus;
  createdAt: string;
  signingDueDate: string;
  /** Signers and observers. */
  recipientsCount: number;
  /** Signers who have signed. */
  signedCount: number;
}

/** A request reduced to what the plans look at: absent filters are undefined, a status list naming every status is no filter. */
interface ListQuery {
  accountId: string;
  now: Date;
  statuses: EnvelopeStatus[] | undefined;
  name: string | undefined;
  tags: string[];
  email: string | undefined;
  templateId: string | undefined;
  createdFrom: string | undefined;
  createdTo: string | undefined;
  bulkSendId: string | undefined;
  sortBy: EnvelopeSortField;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

const normalise = (accountId: string, query: EnvelopePageQuery): ListQuery => {
  const { filters } = query;
  const statuses = filters.statuses?.length ? [...new Set(filters.statuses)] : undefined;
  return {
    accountId,
    now: query.asOf,
    statuses: statuses && statuses.length < ENVELOPE_STATUSES.length ? statuses : undefined,
    name: filters.nameContains || undefined,
    tags: [...new Set(filters.tags ?? [])],
    email: filters.recipientEmail?.toLowerCase() || undefined,
    templateId: filters.templateId,
    createdFrom: filters.createdFrom && new Date(filters.createdFrom).toISOString(),
    createdTo: filters.createdTo && new Date(filters.createdTo).toISOString(),
    bulkSendId: filters.bulkSendId,
    sortBy: query.sortBy,
    order: query.order,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  };
};

type Fragment = RawBuilder<unknown>;
const and = (parts: Fragment[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);
const literals = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));

/** The stored statuses whose rows can have one of these effective statuses. */
const storedStatusesFor = (statuses: readonly EnvelopeStatus[]): EnvelopeStatus[] =>
  [...new Set(statuses.flatMap((status) => (status === 'Expired' ? ['Expired', ...OPEN_STATUSES] : [status])))] as EnvelopeStatus[];

/** The columns a predicate reads, from envelopes (`e`) or from the tag rows that copy them (`d`). */
interface Rows {
  createdAt: Fragment;
  id: Fragment;
  status: Fragment;
  due: Fragment;
}
const ENVELOPE_ROWS: Rows = {
  createdAt: sql.ref('e.created_at'),
  id: sql.ref('e.id'),
  status: sql.ref('e.status'),
  due: sql.ref('e.signing_due_date'),
};
const TAG_ROWS: Rows = {
  createdAt: sql.ref('d.created_at'),
  id: sql.ref('d.envelope_id'),
  status: sql.ref('d.status'),
  due: sql.ref('d.signing_due_date'),
};

/** By effective status, spelt as conditions on the stored status and the due date that an index holding both can test. */
const statusPredicate = (rows: Rows, statuses: readonly EnvelopeStatus[], now: Date): Fragment => {
  const due = now.toISOString();
  const stored = statuses.filter((status) => !OPEN_STATUSES.includes(status));
  const open = statuses.filter((status) => OPEN_STATUSES.includes(status));
  const arms = [
    ...(stored.length ? [sql`${rows.status} in (${literals(stored)})`] : []),
    ...(open.length ? [sql`(${rows.status} in (${literals(open)}) and ${rows.due} > ${due})`] : []),
    ...(statuses.includes('Expired') ? [sql`(${rows.status} in (${literals(OPEN_STATUSES)}) and ${rows.due} <= ${due})`] : []),
  ];
  return sql`(${sql.join(arms, sql` or `)})`;
};

const scope = (q: ListQuery) => sql`e.account_id = ${q.accountId} and e.deleted_at is null`;
const recipientPredicate = (email: string) => sql`exists (select 1 from recipients as r where r.email = ${email} and r.envelope_id = e.id)`;
const createdPredicates = (q: ListQuery, rows: Rows = ENVELOPE_ROWS): Fragment[] => [
  ...(q.createdFrom ? [sql`${rows.createdAt} >= ${q.createdFrom}`] : []),
  ...(q.createdTo ? [sql`${rows.createdAt} <= ${q.createdTo}`] : []),
];
/** Tags are matched lower-cased by the database's own lower(), as the triggers store them. */
const tagPredicate = (q: ListQuery, tag: string, rows: Rows) =>
  sql`exists (select 1 from envelope_tags as t where t.account_id = ${q.accountId} and t.tag = lower(${tag})
    and t.created_at = ${rows.createdAt} and t.envelope_id = ${rows.id})`;
const statusPredicates = (q: ListQuery, rows: Rows = ENVELOPE_ROWS) => (q.statuses ? [statusPredicate(rows, q.statuses, q.now)] : []);

/** Filters a driver has already applied are left out of the row predicates. */
interface Covered {
  email?: boolean;
  firstTag?: boolean;
  template?: boolean;
  bulkSend?: boolean;
}

const rowPredicates = (db: Db, q: ListQuery, covered: Covered = {}): Fragment[] => [
  ...statusPredicates(q),
  ...(q.name ? [nameContains(db, q.name)] : []),
  ...q.tags.slice(covered.firstTag ? 1 : 0).map((tag) => tagPredicate(q, tag, ENVELOPE_ROWS)),
  ...(q.email && !covered.email ? [recipientPredicate(q.email)] : []),
  ...(q.templateId && !covered.template ? [sql`e.template_id = ${q.templateId}`] : []),
  ...(q.bulkSendId && !covered.bulkSend ? [sql`e.bulk_send_id = ${q.bulkSendId}`] : []),
  ...createdPredicates(q),
];

/**
 * What a request filters by besides its status and creation range, which decides where it is read:
 * - `statusAndRange`: the counters, the status index, the account's index by creation or name;
 * - `tags`: the first tag's rows, which carry status, due date and creation time;
 * - `template`: the template's index, which carries them too;
 * - `other`: a name, a recipient, a bulk send, or several kinds of filter together (see driverFor).
 */
type Shape = 'statusAndRange' | 'tags' | 'template' | 'other';
const shapeOf = (q: ListQuery): Shape => {
  if (q.name || q.email || q.bulkSendId) return 'other';
  if (q.tags.length) return q.templateId ? 'other' : 'tags';
  return q.templateId ? 'template' : 'statusAndRange';
};

const tagRowsWhere = (q: ListQuery) =>
  and([
    sql`d.account_id = ${q.accountId} and d.tag = lower(${q.tags[0]})`,
    ...statusPredicates(q, TAG_ROWS),
    ...createdPredicates(q, TAG_ROWS),
    ...q.tags.slice(1).map((tag) => tagPredicate(q, tag, TAG_ROWS)),
  ]);
const templateRowsWhere = (q: ListQuery) =>
  and([scope(q), sql`e.template_id = ${q.templateId}`, ...statusPredicates(q), ...createdPredicates(q)]);

/**
 * Where gathered matches are read from (the `other` shape, and sorts no index holds): the filter
 * likely to match the fewest envelopes, through its own index (a bulk send's envelopes, a
 * recipient's envelopes, the name's trigram candidates, the rarest tag's rows, a template's
 * envelopes), else an index of the account's live envelopes.
 */
interface Driver {
  from: Fragment;
  where: Fragment[];
  covered: Covered;
}

const driverFor = (db: Db, q: ListQuery): Driver => {
  const envelopesVia = (index: string) => sql`envelopes as e${indexedBy(db, index)}`;
  // A send's envelopes (at most its 10,000 rows), through the partial index that holds only envelopes of sends.
  if (q.bulkSendId)
    return { from: envelopesVia('envelopes_bulk_send'), where: [sql`e.bulk_send_id = ${q.bulkSendId}`], covered: { bulkSend: true } };
  if (q.email) {
    return {
      from: sql`(select distinct r.envelope_id from recipients as r where r.email = ${q.email}) as d cross join envelopes as e`,
      where: [sql`e.id = d.envelope_id`],
      covered: { email: true },
    };
  }
  const candidates = q.name ? nameCandidates(db, q.name) : undefined;
  if (candidates) return { ...candidates, covered: {} };
  if (q.tags.length) {
    return {
      from: sql`envelope_tags as d cross join envelopes as e`,
      where: [sql`d.account_id = ${q.accountId} and d.tag = lower(${q.tags[0]}) and e.id = d.envelope_id`],
      covered: { firstTag: true },
    };
  }
  if (q.templateId)
    return {
      from: envelopesVia('envelopes_live_template_created'),
      where: [sql`e.template_id = ${q.templateId}`],
      covered: { template: true },
    };
  // A term too short for trigrams scans the name index, whose entries hold lower(name): no row is read for the test.
  if (q.name && !isPostgres(db)) return { from: envelopesVia('envelopes_live_name'), where: [], covered: {} };
  if (q.statuses) {
    return {
      from: envelopesVia('envelopes_live_status_created'),
      where: [sql`e.status in (${literals(storedStatusesFor(q.statuses))})`],
      covered: {},
    };
  }
  return { from: envelopesVia('envelopes_live_created'), where: [], covered: {} };
};

const countRows = async (db: Db, query: Fragment): Promise<number> => {
  const { rows } = await sql<{ n: number | string }>`${query}`.execute(db);
  return Number(rows[0]?.n ?? 0);
};

const DAY_START = 'T00:00:00.000Z';
const DAY_END = 'T23:59:59.999Z';

/**
 * (day, stored status, n): the account's live envelopes of these stored statuses by day of creation
 * within the creation range. The counters give the days wholly inside the range, the status index
 * the (at most two) days it cuts: O(days + the envelopes of the two edge days), not O(envelopes).
 */
const dayCountsSql = (db: Db, q: ListQuery, stored: readonly EnvelopeStatus[]): Fragment => {
  const fromDay = q.createdFrom?.slice(0, 10);
  const toDay = q.createdTo?.slice(0, 10);
  const statuses = literals(stored);
  const edge = (from: string | undefined, to: string | undefined) =>
    sql`select substr(e.created_at, 1, 10) as day, e.status, count(*) as n from envelopes as e${indexedBy(db, 'envelopes_live_status_created')}
      where ${and([scope(q), sql`e.status in (${statuses})`, ...(from ? [sql`e.created_at >= ${from}`] : []), ...(to ? [sql`e.created_at <= ${to}`] : [])])}
      group by substr(e.created_at, 1, 10), e.status`;
  const someStatuses = stored.length < ENVELOPE_STATUSES.length ? [sql`status in (${statuses})`] : [];
  const parts = [
    sql`select substr(facet, 5) as day, status, count as n from envelope_counts
      where ${and([sql`account_id = ${q.accountId} and facet > ${fromDay ? dayFacet(fromDay) : 'day:'} and facet < ${toDay ? dayFacet(toDay) : 'day;'}`, ...someStatuses])}`,
  ];
  if (fromDay) parts.push(edge(q.createdFrom, fromDay === toDay ? q.createdTo : `${fromDay}${DAY_END}`));
  if (toDay && toDay !== fromDay) parts.push(edge(`${toDay}${DAY_START}`, q.createdTo));
  return sql.join(parts, sql` union all `);
};

/** The account's live envelopes by effective status within the creation range: days added up, corrected by the overdue ones. */
const readEffectiveCountsInRange = async (db: Db, q: ListQuery, stored: readonly EnvelopeStatus[]): Promise<StatusCounts> => {
  if (q.createdFrom && q.createdTo && q.createdFrom > q.createdTo) return effectiveCountsOf([]);
  const { rows } = await sql<StoredOrOverdue>`
    select d.status, sum(d.n) as n, 0 as overdue from (${dayCountsSql(db, q, stored)}) as d group by d.status
    union all
    select o.status, o.n, 1 as overdue from (${overdueSql(db, q.accountId, q.now, ALL_ENVELOPES, and(createdPredicates(q)))}) as o`.execute(
    db,
  );
  return effectiveCountsOf(rows);
};

const sumOf = (counts: StatusCounts, statuses: readonly EnvelopeStatus[] = ENVELOPE_STATUSES) =>
  statuses.reduce((sum, status) => sum + counts[status], 0);

/**
 * The exact number of matching envelopes for every shape but `other` (whose count comes with its
 * gathered page). Nothing, a status, one tag or a template (with a status or not) add up the
 * triggers' counters; a creation range adds up days (status filters) or counts the tag's or
 * template's index entries in it; several tags count the rarest tag's rows (see docs/contributing/architecture.md "Lists at scale").
 */
const countMatching = async (db: Db, q: ListQuery, shape: Exclude<Shape, 'other'>): Promise<number> => {
  const statuses = q.statuses ?? ENVELOPE_STATUSES;
  const ranged = createdPredicates(q).length > 0;
  if (shape === 'statusAndRange') {
    const counts = ranged
      ? await readEffectiveCountsInRange(db, q, storedStatusesFor(statuses))
      : await readEffectiveCounts(db, q.accountId, q.now);
    return sumOf(counts, statuses);
  }
  if (shape === 'tags') {
    if (!ranged && q.tags.length === 1) return sumOf(await readEffectiveCounts(db, q.accountId, q.now, tagFacet(q.tags[0]!)), statuses);
    return countRows(db, sql`select count(*) as n from envelope_tags as d where ${tagRowsWhere(q)}`);
  }
  if (!ranged) return sumOf(await readEffectiveCounts(db, q.accountId, q.now, templateFacet(q.templateId!)), statuses);
  return countRows(
    db,
    sql`select count(*) as n from envelopes as e${indexedBy(db, 'envelopes_live_template_created')} where ${templateRowsWhere(q)}`,
  );
};

/** Several tags are read through the rarest one's rows; the counters tell which it is. */
const rarestTagFirst = async (db: Db, q: ListQuery): Promise<ListQuery> => {
  if (q.tags.length < 2) return q;
  const totals = await readTagTotals(db, q.accountId, q.tags);
  return {
    ...q,
    tags: q.tags
      .map((tag, i) => ({ tag, n: totals[i]! }))
      .sort((a, b) => a.n - b.n)
      .map(({ tag }) => tag),
  };
};

/** The rows [offset, offset + limit) of the list, read from whichever end of the order is nearer. */
interface Window {
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
  reversed: boolean;
}

const windowOf = (q: ListQuery, total: number): Window => {
  const limit = Math.min(q.limit, total - q.offset);
  if (q.offset <= total / 2) return { order: q.order, offset: q.offset, limit, reversed: false };
  return { order: q.order === 'asc' ? 'desc' : 'asc', offset: total - q.offset - limit, limit, reversed: true };
};

const direction = (w: Window) => sql.raw(w.order);
const pageLimits = (w: Window) => sql`limit ${w.limit} offset ${w.offset}`;
const orderBy = (w: Window, ...keys: Fragment[]) => sql`order by ${sql.join(keys.map((key) => sql`${key} ${direction(w)}`))}`;

const readIds = async (db: Db, query: Fragment): Promise<string[]> =>
  (await sql<{ id: string }>`${query}`.execute(db)).rows.map((row) => row.id);

/** A select of (id, created_at) in one index range, with the effective status its rows have when the list sorts by status. */
interface Stream {
  select: Fragment;
  label: EnvelopeStatus;
  /**
   * Read whole, not cut at offset + limit: the overdue open envelopes, few while the expiry job
   * keeps up. Cut by a LIMIT, PostgreSQL would look for them by walking the account's envelopes
   * in creation order instead of reading the small index that holds them.
   */
  whole?: boolean;
}

/** Each stream's first offset + limit rows by (created_at, id), merged by the database. */
const mergeStreams = (streams: Stream[], w: Window, byStatus: boolean): Fragment => {
  const depth = w.offset + w.limit;
  const created = [sql.ref('created_at'), sql.ref('id')];
  const parts = streams.map((s, k) => {
    const label = byStatus ? sql`, ${sql.lit(s.label)} as label` : sql``;
    const cut = s.whole ? sql`` : sql`${orderBy(w, ...created)} limit ${depth}`;
    return sql`select * from (select id, created_at${label} from (${s.select}) as i${sql.raw(String(k))} ${cut}) as s${sql.raw(String(k))}`;
  });
  const keys = byStatus ? [sql.ref('label'), ...created] : created;
  return sql`select id from (${sql.join(parts, sql` union all `)}) as u ${orderBy(w, ...keys)} ${pageLimits(w)}`;
};

/** One stream per effective status asked for, from the status index; overdue open envelopes come from the small index of open ones. */
const statusStreams = (db: Db, q: ListQuery, statuses: readonly EnvelopeStatus[]): Stream[] => {
  const range = createdPredicates(q);
  const stored = (status: EnvelopeStatus, extra: Fragment[] = []): Stream => ({
    label: status,
    select: sql`select e.id, e.created_at from envelopes as e${indexedBy(db, 'envelopes_live_status_created')}
      where ${and([scope(q), sql`e.status = ${sql.lit(status)}`, ...extra, ...range])}`,
  });
  return statuses.flatMap((status): Stream[] => {
    if (OPEN_STATUSES.includes(status)) return [stored(status, [sql`e.signing_due_date > ${q.now.toISOString()}`])];
    if (status !== 'Expired') return [stored(status)];
    const overdue: Stream = {
      label: 'Expired',
      whole: true,
      select: sql`select e.id, e.created_at from envelopes as e${indexedBy(db, 'envelopes_live_open_due')}
        where ${and([scope(q), sql`e.status in (${literals(OPEN_STATUSES)}) and e.signing_due_date <= ${q.now.toISOString()}`, ...range])}`,
    };
    return [stored('Expired'), overdue];
  });
};

const CREATED = [sql.ref('e.created_at'), sql.ref('e.id')];

/**
 * The page when an index holds the list in its order and tests every filter from its own
 * entries: status streams, a tag's rows, a template's index, the account's index by creation.
 * Reads offset + limit entries of each stream (those a status filter passes over as well).
 * Undefined when no index fits.
 */
const readOrderedPage = (db: Db, q: ListQuery, w: Window): Promise<string[]> | undefined => {
  const shape = shapeOf(q);
  if (q.sortBy === 'status') {
    return shape === 'statusAndRange'
      ? readIds(db, mergeStreams(statusStreams(db, q, q.statuses ?? ENVELOPE_STATUSES), w, true))
      : undefined;
  }
  if (q.sortBy === 'name') return undefined;
  if (shape === 'statusAndRange') {
    const streams = q.statuses && statusStreams(db, q, q.statuses);
    if (streams && streams.length > 1) return readIds(db, mergeStreams(streams, w, false));
    if (streams)
      return readIds(
        db,
        sql`select id from (${streams[0]!.select}) as s ${orderBy(w, sql.ref('created_at'), sql.ref('id'))} ${pageLimits(w)}`,
      );
    return readIds(
      db,
      sql`select e.id from envelopes as e${indexedBy(db, 'envelopes_live_created')} where ${and([scope(q), ...createdPredicates(q)])}
        ${orderBy(w, ...CREATED)} ${pageLimits(w)}`,
    );
  }
  if (shape === 'tags') {
    return readIds(
      db,
      sql`select d.envelope_id as id from envelope_tags as d where ${tagRowsWhere(q)}
        ${orderBy(w, sql.ref('d.created_at'), sql.ref('d.envelope_id'))} ${pageLimits(w)}`,
    );
  }
  if (shape === 'template') {
    return readIds(
      db,
      sql`select e.id from envelopes as e${indexedBy(db, 'envelopes_live_template_created')} where ${templateRowsWhere(q)}
        ${orderBy(w, ...CREATED)} ${pageLimits(w)}`,
    );
  }
  return undefined;
};

/**
 * The page by name: a walk of the name index through a bounded window of the account's envelopes,
 * testing every filter on each, about (offset + limit) × live / total entries when the matches are
 * spread evenly through the names. The index carries status and due date, so a status filter reads
 * no row. Undefined when the window held too few matches (they bunch elsewhere in the order).
 */
const readWalkedPage = async (db: Db, q: ListQuery, w: Window, windowSize: number): Promise<string[] | undefined> => {
  const statusOnly = shapeOf(q) === 'statusAndRange' && !createdPredicates(q).length;
  const columns = statusOnly
    ? sql`e.id, lower(e.name) as sort_key, e.status, e.signing_due_date`
    : sql`e.id, lower(e.name) as sort_key, e.status, e.signing_due_date, e.template_id, e.created_at`;
  const ids = await readIds(
    db,
    sql`select e.id from (select ${columns} from envelopes as e${indexedBy(db, 'envelopes_live_name')} where ${scope(q)}
          ${orderBy(w, sql`lower(e.name)`, sql.ref('e.id'))} limit ${windowSize}) as e
        where ${and(rowPredicates(db, q))} ${orderBy(w, sql.ref('e.sort_key'), sql.ref('e.id'))} ${pageLimits(w)}`,
  );
  return ids.length === w.limit ? ids : undefined;
};

/**
 * The matches read from the driver, materialized first so that PostgreSQL reads them through the
 * driver's index rather than walking a sort order in the hope of an early LIMIT; each with its sort key.
 */
const matchesSql = (db: Db, q: ListQuery) => {
  const driver = driverFor(db, q);
  const key = q.sortBy === 'status' ? effectiveStatusOf('e', q.now) : q.sortBy === 'name' ? sql`lower(e.name)` : sql`''`;
  return sql`with m as materialized (
      select e.id, e.created_at, ${key} as sort_key from ${driver.from}
        where ${and([scope(q), ...driver.where, ...rowPredicates(db, q, driver.covered)])}
    )`;
};
const matchOrder = (q: ListQuery, alias: string) =>
  q.sortBy === 'name'
    ? [sql.ref(`${alias}.sort_key`), sql.ref(`${alias}.id`)]
    : [sql.ref(`${alias}.sort_key`), sql.ref(`${alias}.created_at`), sql.ref(`${alias}.id`)];

/** The page by reading every match from the driver and sorting: about as many rows as the count read. */
const readGatheredPage = (db: Db, q: ListQuery, w: Window): Promise<string[]> =>
  readIds(db, sql`${matchesSql(db, q)} select m.id from m ${orderBy(w, ...matchOrder(q, 'm'))} ${pageLimits(w)}`);

/**
 * The `other` shape in one reading of its driver's rows: the count and the page, which would
 * otherwise read the same rows twice. Cost: the rows the driver reaches (a recipient's envelopes,
 * the name's trigram candidates, the rarest tag's rows), and sorting the matches.
 */
const readCountedMatches = async (db: Db, q: ListQuery): Promise<{ total: number; ids: string[] }> => {
  const w: Window = { order: q.order, offset: q.offset, limit: q.limit, reversed: false };
  const { rows } = await sql<{ total: number | string; id: string | null }>`${matchesSql(db, q)}
    select t.total, p.id from (select count(*) as total from m) as t
    left join (select m.id, m.sort_key, m.created_at from m ${orderBy(w, ...matchOrder(q, 'm'))} ${pageLimits(w)}) as p on true
    ${orderBy(w, ...matchOrder(q, 'p'))}`.execute(db);
  return { total: Number(rows[0]?.total ?? 0), ids: rows.flatMap((row) => (row.id === null ? [] : [row.id])) };
};

const earlier = (time: string | undefined, bound: string) => (time !== undefined && time < bound ? time : bound);
const later = (time: string | undefined, bound: string) => (time !== undefined && time > bound ? time : bound);

/** Below this offset, skipping index entries costs less than adding up days. */
const SEEK_FROM = 5000;
const TIMELESS_STATUSES: readonly EnvelopeStatus[] = ['Completed', 'Declined', 'Cancelled'];

/**
 * A deep page by creation time, started at the day that holds its offset: the days before it are
 * added up from the counters instead of skipped envelope by envelope, so the page costs
 * O(days + the offset within its day). For no status filter, or statuses the clock cannot change
 * (an open envelope turns Expired by itself, which the day counters do not see).
 */
const seekDay = async (db: Db, q: ListQuery, w: Window): Promise<{ q: ListQuery; w: Window } | undefined> => {
  if (q.sortBy !== 'createdAt' || shapeOf(q) !== 'statusAndRange' || w.offset < SEEK_FROM) return undefined;
  if (q.statuses?.some((status) => !TIMELESS_STATUSES.includes(status))) return undefined;
  const { rows } = await sql<{ day: string; n: number | string }>`select d.day, sum(d.n) as n
    from (${dayCountsSql(db, q, q.statuses ?? ENVELOPE_STATUSES)}) as d group by d.day order by d.day ${direction(w)}`.execute(db);
  let before = 0;
  for (const row of rows) {
    const n = Number(row.n);
    if (before + n > w.offset) {
      const narrowed =
        w.order === 'desc'
          ? { createdTo: earlier(q.createdTo, `${row.day}${DAY_END}`) }
          : { createdFrom: later(q.createdFrom, `${row.day}${DAY_START}`) };
      return { q: { ...q, ...narrowed }, w: { ...w, offset: w.offset - before } };
    }
    before += n;
  }
  return undefined;
};

/** A walk's window holds this many times the entries expected to yield the page. */
const WINDOW_SLACK = 3;

const readPageIds = async (db: Db, q: ListQuery, total: number): Promise<string[]> => {
  const w = windowOf(q, total);
  const sought = await seekDay(db, q, w);
  let ids = await (sought ? readOrderedPage(db, sought.q, sought.w) : readOrderedPage(db, q, w));
  if (!ids && q.sortBy === 'name') {
    const live = sumOf(await readEffectiveCounts(db, q.accountId, q.now));
    const windowSize = Math.ceil((WINDOW_SLACK * (w.offset + w.limit) * live) / total) + 100;
    if (windowSize < live && windowSize < WINDOW_SLACK * total) ids = await readWalkedPage(db, q, w, windowSize);
  }
  ids ??= await readGatheredPage(db, q, w);
  return w.reversed ? ids.reverse() : ids;
};

const readSummaries = async (db: Db, ids: string[], now: Date): Promise<EnvelopeSummary[]> => {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('envelopes')
    .where('envelopes.id', 'in', ids)
    .select((eb) => [
      'envelopes.id',
      'envelopes.name',
      'envelopes.created_at',
      'envelopes.signing_due_date',
      effectiveStatusSql(now).as('status'),
      eb
        .selectFrom('recipients')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('recipients.envelope_id', '=', 'envelopes.id')
        .as('recipients_count'),
      eb
        .selectFrom('recipients')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('recipients.envelope_id', '=', 'envelopes.id')
        .where('recipients.role', '=', 'signer')
        .where('recipients.status', '=', 'Signed')
        .as('signed_count'),
    ])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id)!;
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      createdAt: row.created_at,
      signingDueDate: row.signing_due_date,
      recipientsCount: Number(row.recipients_count),
      signedCount: Number(row.signed_count),
    };
  });
};

/**
 * One page of an account's live envelopes and how many match in all. Filters combine with AND; an
 * envelope matches `tags` when it carries every given tag, and `statuses` by its effective status.
 * Within a status, the status sort orders by creation time. Run it inside one transaction: the
 * count and the page read the same snapshot, and PostgreSQL settings stay local to it.
 */
export const readEnvelopePage = async (
  db: Db,
  accountId: string,
  query: EnvelopePageQuery,
): Promise<{ envelopes: EnvelopeSummary[]; total: number }> => {
  // A list asks for a page and a count: parallel workers and JIT compilation only add their start-up to that (and
  // PostgreSQL's estimates for overdue envelopes, which it takes for thousands, would trigger both).
  if (isPostgres(db))
    await sql`select set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`.execute(db);
  const q = await rarestTagFirst(db, normalise(accountId, query));
  const shape = shapeOf(q);
  if (shape === 'other') {
    const { total, ids } = await readCountedMatches(db, q);
    return { envelopes: await readSummaries(db, ids, q.now), total };
  }
  const total = await countMatching(db, q, shape);
  if (q.offset >= total) return { envelopes: [], total };
  const ids = await readPageIds(db, q, total);
  return { envelopes: await readSummaries(db, ids, q.now), total };
};
