import { effectiveStatus, type EnvelopeStatus } from '../../../src/domain/envelope-state.js';
import type { TestServer } from '../../support/test-server.js';

/** A POST /envelopes/list body, as the contract spells it. */
export interface ListBody {
  filters?: {
    status?: EnvelopeStatus[];
    name_contains?: string;
    tags?: string[];
    recipient_email?: string;
    template_id?: string;
    created_from?: string;
    created_to?: string;
  };
  page?: number;
  page_size?: number;
  sort?: { field?: 'created_at' | 'name' | 'status'; order?: 'asc' | 'desc' };
}

interface Row {
  id: string;
  name: string;
  status: EnvelopeStatus;
  createdAt: string;
  dueAt: Date;
  tags: string[];
  templateId: string | null;
  emails: Set<string>;
}

/** What the tests' data uses: ASCII only, where SQLite's lower() and LIKE agree with PostgreSQL's. */
const fold = (text: string) => text.toLowerCase();

/**
 * The contract read straight off every row of the account: what a list request must answer, for
 * comparison with the service's counters, indexes and plans.
 */
export const listOracle = async (server: TestServer, accountId: string) => {
  const db = server.service.ctx.db;
  const envelopes = await db
    .selectFrom('envelopes')
    .select(['id', 'name', 'status', 'created_at', 'signing_due_date', 'tags', 'template_id'])
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .execute();
  const recipients = await db
    .selectFrom('recipients')
    .innerJoin('envelopes', 'envelopes.id', 'recipients.envelope_id')
    .select(['recipients.envelope_id', 'recipients.email'])
    .where('envelopes.account_id', '=', accountId)
    .execute();
  const rows = new Map<string, Row>(
    envelopes.map((e) => [
      e.id,
      {
        id: e.id,
        name: e.name,
        status: e.status as EnvelopeStatus,
        createdAt: e.created_at,
        dueAt: new Date(e.signing_due_date),
        tags: (JSON.parse(e.tags) as string[]).map(fold),
        templateId: e.template_id,
        emails: new Set(),
      },
    ]),
  );
  for (const r of recipients) rows.get(r.envelope_id)?.emails.add(r.email);

  return (body: ListBody, now = server.clock.now()): { total: number; ids: string[] } => {
    const f = body.filters ?? {};
    const status = (row: Row) => effectiveStatus({ status: row.status, signingDueDate: row.dueAt }, now);
    const matching = [...rows.values()].filter(
      (row) =>
        (!f.status?.length || f.status.includes(status(row))) &&
        (!f.name_contains || fold(row.name).includes(fold(f.name_contains))) &&
        (f.tags ?? []).every((tag) => row.tags.includes(fold(tag))) &&
        (!f.recipient_email || row.emails.has(fold(f.recipient_email))) &&
        (!f.template_id || row.templateId === f.template_id) &&
        (!f.created_from || row.createdAt >= new Date(f.created_from).toISOString()) &&
        (!f.created_to || row.createdAt <= new Date(f.created_to).toISOString()),
    );
    const field = body.sort?.field ?? 'created_at';
    const keys = (row: Row): string[] =>
      field === 'name' ? [fold(row.name), row.id] : field === 'status' ? [status(row), row.createdAt, row.id] : [row.createdAt, row.id];
    const sign = body.sort?.order === 'asc' ? 1 : -1;
    const compare = (a: Row, b: Row) => {
      const [ka, kb] = [keys(a), keys(b)];
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -sign : sign;
      return 0;
    };
    const size = body.page_size ?? 20;
    const start = ((body.page ?? 1) - 1) * size;
    return {
      total: matching.length,
      ids: matching
        .sort(compare)
        .slice(start, start + size)
        .map((row) => row.id),
    };
  };
};
