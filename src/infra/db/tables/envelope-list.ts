import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { EnvelopeStatus } from '../../../domain/envelope-state.js';
import type { Db } from '../database.js';
import type { Database } from '../schema.js';

/** The status as the contract reads it at `now` (see domain/envelope-state.ts), computed by the database. */
export const effectiveStatusSql = (now: Date) =>
  sql<EnvelopeStatus>`case when envelopes.status in ('Sent', 'InProgress') and envelopes.signing_due_date <= ${now.toISOString()} then 'Expired' else envelopes.status end`;

export interface EnvelopeListFilters {
  statuses?: EnvelopeStatus[];
  nameContains?: string;
  tags?: string[];
  recipientEmail?: string;
  templateId?: string;
  createdFrom?: string;
  createdTo?: string;
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

const applyFilters = (query: EnvelopeQuery, filters: EnvelopeListFilters, now: Date): EnvelopeQuery => {
  let q = query;
  if (filters.statuses?.length) q = q.where(effectiveStatusSql(now), 'in', filters.statuses);
  if (filters.nameContains)
    q = q.where(sql<boolean>`lower(envelopes.name) like lower(${`%${likeLiteral(filters.nameContains)}%`}) escape '\\'`);
  for (const tag of filters.tags ?? []) q = q.where(hasTag(tag));
  if (filters.templateId) q = q.where('envelopes.template_id', '=', filters.templateId);
  if (filters.createdFrom) q = q.where('envelopes.created_at', '>=', new Date(filters.createdFrom).toISOString());
  if (filters.createdTo) q = q.where('envelopes.created_at', '<=', new Date(filters.createdTo).toISOString());
  const email = filters.recipientEmail?.toLowerCase();
  if (email) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('recipients')
          .select(sql`1`.as('one'))
          .whereRef('recipients.envelope_id', '=', 'envelopes.id')
          .where('recipients.email', '=', email),
      ),
    );
  }
  return q;
};

const sortKey = (field: EnvelopeSortField, now: Date) => {
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
 * One page of an account's live envelopes and how many match in all. Filters combine with AND; an
 * envelope matches `tags` when it carries every given tag, and `statuses` by its effective status.
 */
export const readEnvelopePage = async (
  db: Db,
  accountId: string,
  query: EnvelopePageQuery,
): Promise<{ envelopes: EnvelopeSummary[]; total: number }> => {
  const now = query.asOf;
  const base = applyFilters(
    db.selectFrom('envelopes').where('envelopes.account_id', '=', accountId).where('envelopes.deleted_at', 'is', null),
    query.filters,
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
      .orderBy(sortKey(query.sortBy, now), query.order)
      .orderBy('envelopes.id', query.order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);

  return {
    envelopes: rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      createdAt: row.created_at,
      signingDueDate: row.signing_due_date,
      recipientsCount: Number(row.recipients_count),
      signedCount: Number(row.signed_count),
    })),
    total: Number(total.count),
  };
};
