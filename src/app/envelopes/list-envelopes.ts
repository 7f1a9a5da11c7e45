import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { EnvelopeStatus } from '../../domain/envelope-state.js';
import type { Database } from '../../infra/db/schema.js';
import type { AppContext } from '../context.js';

export interface EnvelopeFilters {
  status?: EnvelopeStatus[];
  name_contains?: string;
  tags?: string[];
  recipient_email?: string;
  template_id?: string;
  created_from?: string;
  created_to?: string;
}

export interface EnvelopeListQuery {
  filters?: EnvelopeFilters;
  page?: number;
  page_size?: number;
  sort?: { field?: 'created_at' | 'name' | 'status'; order?: 'asc' | 'desc' };
}

/** The status as the contract reads it at `now` (see domain/envelope-state.ts), computed by the database. */
export const effectiveStatusSql = (now: Date) =>
  sql<EnvelopeStatus>`case when envelopes.status in ('Sent', 'InProgress') and envelopes.signing_due_date <= ${now.toISOString()} then 'Expired' else envelopes.status end`;

/** LIKE treats `%`, `_` and the escape character specially; `escape '\'` works the same on SQLite and PostgreSQL. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Tags are a JSON array of strings stored as text. Inside a JSON string every `"` is escaped, so
 * `,"tag"` can only occur where an element starts once the `[` is read as a `,`: this matches
 * whole tags, tags with quotes or backslashes included. Matching is case-insensitive, like
 * `name_contains`.
 */
const hasTag = (tag: string) =>
  sql<boolean>`lower(',' || substr(envelopes.tags, 2)) like lower(${`%,${likeLiteral(JSON.stringify(tag))}%`}) escape '\\'`;

type EnvelopeQuery = SelectQueryBuilder<Database, 'envelopes', object>;

const applyFilters = (query: EnvelopeQuery, filters: EnvelopeFilters, now: Date): EnvelopeQuery => {
  let q = query;
  if (filters.status?.length) q = q.where(effectiveStatusSql(now), 'in', filters.status);
  if (filters.name_contains) q = q.where(sql<boolean>`lower(envelopes.name) like lower(${`%${likeLiteral(filters.name_contains)}%`}) escape '\\'`);
  for (const tag of filters.tags ?? []) q = q.where(hasTag(tag));
  if (filters.template_id) q = q.where('envelopes.template_id', '=', filters.template_id);
  if (filters.created_from) q = q.where('envelopes.created_at', '>=', new Date(filters.created_from).toISOString());
  if (filters.created_to) q = q.where('envelopes.created_at', '<=', new Date(filters.created_to).toISOString());
  const email = filters.recipient_email?.toLowerCase();
  if (email) {
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('recipients').select(sql`1`.as('one')).whereRef('recipients.envelope_id', '=', 'envelopes.id').where('recipients.email', '=', email)),
    );
  }
  return q;
};

const sortKey = (field: 'created_at' | 'name' | 'status', now: Date) => {
  if (field === 'name') return sql<string>`lower(envelopes.name)`;
  if (field === 'status') return effectiveStatusSql(now);
  return sql<string>`envelopes.created_at`;
};

type EnvelopeExpressions = ExpressionBuilder<Database, 'envelopes'>;

const recipientCount = (eb: EnvelopeExpressions, signedSignersOnly: boolean) => {
  let q = eb.selectFrom('recipients').select(eb.fn.countAll<number>().as('n')).whereRef('recipients.envelope_id', '=', 'envelopes.id');
  if (signedSignersOnly) q = q.where('recipients.role', '=', 'signer').where('recipients.status', '=', 'Signed');
  return q;
};

/**
 * The account's envelopes, filtered, sorted and paged (API.md §3). Filters combine with AND; an
 * envelope matches `tags` when it carries every given tag, and `status` by its effective status.
 * `recipients_count` counts signers and observers; `signed_count` the signers who signed.
 */
export const listEnvelopes = async (ctx: AppContext, accountId: string, query: EnvelopeListQuery) => {
  const now = ctx.clock.now();
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 20;
  const order = query.sort?.order ?? 'desc';
  const base = applyFilters(
    ctx.db.selectFrom('envelopes').where('envelopes.account_id', '=', accountId).where('envelopes.deleted_at', 'is', null),
    query.filters ?? {},
    now,
  );

  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
    base
      .select((eb) => [
        'envelopes.id',
        'envelopes.name',
        'envelopes.created_at',
        'envelopes.signing_due_date',
        effectiveStatusSql(now).as('status'),
        recipientCount(eb, false).as('recipients_count'),
        recipientCount(eb, true).as('signed_count'),
      ])
      .orderBy(sortKey(query.sort?.field ?? 'created_at', now), order)
      .orderBy('envelopes.id', order)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);

  return {
    envelopes: rows.map((row) => ({
      envelope_id: row.id,
      name: row.name,
      status: row.status,
      created_at: row.created_at,
      signing_due_date: row.signing_due_date,
      recipients_count: Number(row.recipients_count),
      signed_count: Number(row.signed_count),
    })),
    page,
    page_size: pageSize,
    total: Number(total.count),
  };
};
