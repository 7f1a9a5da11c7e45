import { AppError } from '../../domain/app-error.js';
import { insertAtOnce } from '../../infra/db/insert-at-once.js';
import { readWebhookDelivery } from '../../infra/db/tables/webhook-deliveries-table.js';
import { readWebhookEvent } from '../../infra/db/tables/webhook-events-table.js';
import type { AppContext } from '../context.js';
import { loadWebhook } from './load-webhook.js';
import { deliveryInserts } from './record-webhook-event.js';

/**
 * Sends a delivery's event again, as a new delivery with its own attempts and 24 h of retries; the
 * event (its id and body) is the same, so a receiver that saw it already can de-duplicate it.
 */
export const redeliverWebhookEvent = async (
  ctx: AppContext,
  request: { accountId: string; webhookId: string; deliveryId: string },
): Promise<{ deliveryId: string; eventId: string }> => {
  const queued = await ctx.db.transaction().execute(async (trx) => {
    const webhook = await loadWebhook(trx, request.accountId, request.webhookId);
    const delivery = await readWebhookDelivery(trx, request.deliveryId);
    const event = delivery?.webhookId === webhook.id ? await readWebhookEvent(trx, delivery.eventId) : undefined;
    if (!event) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND', `No delivery ${request.deliveryId} of this webhook.`);
    if (!webhook.enabled) throw new AppError('WEBHOOK_DISABLED', 'The webhook is disabled: enable it first.');
    const { inserts, deliveryIds } = deliveryInserts(
      ctx,
      trx,
      { id: event.id, accountId: event.accountId, type: event.type, data: event.data as never },
      [webhook.id],
    );
    await insertAtOnce(trx, inserts);
    return { deliveryId: deliveryIds[0]!, eventId: event.id };
  });
  ctx.jobs.poke();
  return queued;
};
