import { AppError, type Problem } from '../../domain/app-error.js';
import { noRows, type BulkRowCounts, type BulkSendStatus } from '../../domain/bulk-send.js';
import type { Db } from '../../infra/db/database.js';
import { countBulkSendRows, readFailedRows } from '../../infra/db/tables/bulk-send-rows-table.js';
import { readBulkSend, type BulkSend } from '../../infra/db/tables/bulk-sends-table.js';
import type { AppContext } from '../context.js';

/** A bulk send as its owner reads it: where it stands, its rows by state. */
export interface BulkSendSummary {
  id: string;
  templateId: string;
  status: BulkSendStatus;
  total: number;
  rows: BulkRowCounts;
  createdAt: string;
  completedAt: string | null;
  cancelledAt: string | null;
}

/** With every failed row's problems, in row order. */
export interface BulkSendView extends BulkSendSummary {
  errors: Problem[];
}

export const summaryOf = (send: BulkSend, rows: BulkRowCounts = noRows()): BulkSendSummary => ({
  id: send.id,
  templateId: send.templateId,
  status: send.status,
  total: send.total,
  rows,
  createdAt: send.createdAt,
  completedAt: send.completedAt,
  cancelledAt: send.cancelledAt,
});

/** The send of the account with its counts and errors; another account's (or none) is BULK_SEND_NOT_FOUND. */
export const readBulkSendView = async (db: Db, accountId: string, id: string): Promise<BulkSendView> => {
  const send = await readBulkSend(db, id, { accountId });
  if (!send) throw new AppError('BULK_SEND_NOT_FOUND', `No bulk send ${id}.`);
  const counts = (await countBulkSendRows(db, [id])).get(id);
  const failed = await readFailedRows(db, id);
  return {
    ...summaryOf(send, counts),
    errors: failed.flatMap(({ position, errors }) => errors.map((problem) => ({ ...problem, row: position }))),
  };
};

/** One read-only snapshot, so the counts and the errors agree. */
export const getBulkSend = async (ctx: AppContext, accountId: string, id: string): Promise<BulkSendView> =>
  ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((trx) => readBulkSendView(trx, accountId, id));
