import { AppError } from '../../domain/app-error.js';
import { insertAtOnce } from '../../infra/db/insert-at-once.js';
import type { AppContext } from '../context.js';
import { loadWebhook } from './load-webhook.js';
import { deliveryInserts } from './record-webhook-event.js';

/** Sends a `ping` event to one webhook, whatever it subscribes to; answers the delivery to follow in its log. */
export const testWebhook = async (
  ctx: AppContext,
  request: { accountId: string; webhookId: string },
): Promise<{ deliveryId: string; eventId: string }> => {
  const queued = await ctx.db.transaction().execute(async (trx) => {
    const webhook = await loadWebhook(trx, request.accountId, request.webhookId);
    if (!webhook.enabled) throw new AppError('WEBHOOK_DISABLED', 'The webhook is disabled: enable it first.');
    const { inserts, deliveryIds, eventId } = deliveryInserts(
      ctx,
      trx,
      {
        accountId: request.accountId,
        type: 'ping',
        data: { webhook_id: webhook.id, message: 'A test event sent from POST /webhooks/{id}/test.' },
      },
      [webhook.id],
    );
    await insertAtOnce(trx, inserts);
    return { deliveryId: deliveryIds[0]!, eventId };
  });
  ctx.jobs.poke();
  return queued;
};
