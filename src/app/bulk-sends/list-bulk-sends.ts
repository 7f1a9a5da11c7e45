import { countBulkSendRows } from '../../infra/db/tables/bulk-send-rows-table.js';
import { readBulkSendPage } from '../../infra/db/tables/bulk-sends-table.js';
import type { AppContext } from '../context.js';
import { summaryOf, type BulkSendSummary } from './get-bulk-send.js';

export interface BulkSendPage {
  sends: BulkSendSummary[];
  page: number;
  pageSize: number;
  total: number;
}

/** The account's bulk sends, newest first, 20 a page unless asked otherwise (docs/api/pagination.md). */
export const listBulkSends = async (
  ctx: AppContext,
  accountId: string,
  request: { page?: number; pageSize?: number },
): Promise<BulkSendPage> => {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? 20;
  return ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const { sends, total } = await readBulkSendPage(trx, accountId, (page - 1) * pageSize, pageSize);
      const counts = await countBulkSendRows(
        trx,
        sends.map((send) => send.id),
      );
      return { sends: sends.map((send) => summaryOf(send, counts.get(send.id))), page, pageSize, total };
    });
};
