import {
  readEnvelopePage,
  type EnvelopeListFilters,
  type EnvelopeSortField,
  type EnvelopeSummary,
} from '../../infra/db/tables/envelope-list.js';
import type { AppContext } from '../context.js';

export interface EnvelopeListRequest {
  filters?: EnvelopeListFilters;
  page?: number;
  pageSize?: number;
  sortBy?: EnvelopeSortField;
  order?: 'asc' | 'desc';
}

export interface EnvelopePage {
  envelopes: EnvelopeSummary[];
  page: number;
  pageSize: number;
  total: number;
}

/**
 * The account's envelopes, filtered, sorted and paged (docs/concepts/envelopes.md): newest first, 20 a page, unless
 * asked otherwise. One read-only snapshot, so `total` counts the same envelopes the page is cut from.
 */
export const listEnvelopes = async (ctx: AppContext, accountId: string, request: EnvelopeListRequest): Promise<EnvelopePage> => {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? 20;
  const query = {
    filters: request.filters ?? {},
    page,
    pageSize,
    sortBy: request.sortBy ?? 'createdAt',
    order: request.order ?? 'desc',
    asOf: ctx.clock.now(),
  } as const;
  const { envelopes, total } = await ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((trx) => readEnvelopePage(trx, accountId, query));
  return { envelopes, page, pageSize, total };
};
