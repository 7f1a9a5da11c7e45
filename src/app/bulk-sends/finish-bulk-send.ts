import type { Db } from '../../infra/db/database.js';
import { countBulkSendRows } from '../../infra/db/tables/bulk-send-rows-table.js';
import { updateBulkSendIn, type BulkSend } from '../../infra/db/tables/bulk-sends-table.js';
import { noRows } from '../../domain/bulk-send.js';
import type { AppContext } from '../context.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';

/**
 * Ends a send still queued or running as `completed` (its last row done) or `cancelled`, with its
 * `bulk_send.completed` event, in the caller's transaction. False when it had already ended: the
 * event goes out once, whoever gets there first.
 */
export const finishBulkSend = async (
  ctx: AppContext,
  trx: Db,
  send: Pick<BulkSend, 'id' | 'accountId' | 'templateId' | 'total' | 'createdAt'>,
  status: 'completed' | 'cancelled',
): Promise<boolean> => {
  const at = ctx.clock.now().toISOString();
  const ended = await updateBulkSendIn(trx, send.id, ['queued', 'running'], {
    status,
    completedAt: at,
    ...(status === 'cancelled' ? { cancelledAt: at } : {}),
  });
  if (!ended) return false;
  const counts = (await countBulkSendRows(trx, [send.id])).get(send.id) ?? noRows();
  await recordWebhookEvent(ctx, trx, {
    accountId: send.accountId,
    type: 'bulk_send.completed',
    data: {
      bulk_send_id: send.id,
      template_id: send.templateId,
      status,
      total: send.total,
      created: counts.created,
      failed: counts.failed,
      cancelled: counts.cancelled,
      created_at: send.createdAt,
      completed_at: at,
    },
  });
  return true;
};
