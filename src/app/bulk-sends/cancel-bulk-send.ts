import { AppError } from '../../domain/app-error.js';
import { isBulkSendCancellable } from '../../domain/bulk-send.js';
import { cancelPendingRows } from '../../infra/db/tables/bulk-send-rows-table.js';
import { readBulkSend } from '../../infra/db/tables/bulk-sends-table.js';
import type { AppContext, Caller } from '../context.js';
import { finishBulkSend } from './finish-bulk-send.js';
import { getBulkSend, type BulkSendView } from './get-bulk-send.js';

/**
 * Stops the rows not yet created (docs/api/bulk-sending.md): they end `cancelled` and the send too,
 * with its `bulk_send.completed` event. Envelopes already created stay sent. A row being created at
 * this instant either committed first (it counts as created) or finds itself cancelled and rolls back.
 */
export const cancelBulkSend = async (ctx: AppContext, caller: Caller, id: string): Promise<BulkSendView> => {
  await ctx.db.transaction().execute(async (trx) => {
    const send = await readBulkSend(trx, id, { accountId: caller.accountId, lock: true });
    if (!send) throw new AppError('BULK_SEND_NOT_FOUND', `No bulk send ${id}.`);
    if (!isBulkSendCancellable(send.status)) {
      throw new AppError('BULK_SEND_NOT_CANCELLABLE', `Bulk send ${id} is ${send.status}: only a queued or running send can be cancelled.`);
    }
    await cancelPendingRows(trx, id, ctx.clock.now().toISOString());
    await finishBulkSend(ctx, trx, send, 'cancelled');
  });
  ctx.jobs.poke();
  return getBulkSend(ctx, caller.accountId, id);
};
