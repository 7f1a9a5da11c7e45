import { AppError } from '../../domain/app-error.js';
import type { SubscribableEventType } from '../../domain/webhook-events.js';
import { failPendingDeliveries } from '../../infra/db/tables/webhook-deliveries-table.js';
import { clearWebhookFailure, updateWebhook as updateWebhookRow, type Webhook } from '../../infra/db/tables/webhooks-table.js';
import type { AppContext } from '../context.js';
import { loadWebhook } from './load-webhook.js';

export interface WebhookChanges {
  accountId: string;
  webhookId: string;
  enabled?: boolean;
  events?: SubscribableEventType[];
  description?: string;
}

/**
 * Enables, disables or re-subscribes a webhook. Disabling ends every pending delivery at once (their
 * retries find nothing to do); enabling again starts with a clean failure record.
 */
export const updateWebhook = async (ctx: AppContext, request: WebhookChanges): Promise<Webhook> => {
  const { enabled, events, description } = request;
  if (enabled === undefined && events === undefined && description === undefined)
    throw new AppError('NOTHING_TO_UPDATE', 'Give enabled, events or description.');
  if (events !== undefined && !events.length)
    throw new AppError('EVENTS_REQUIRED', 'Subscribe to at least one event type.', { field: 'events' });
  return ctx.db.transaction().execute(async (trx) => {
    const webhook = await loadWebhook(trx, request.accountId, request.webhookId, { lock: true });
    const changes: Partial<Webhook> = {
      ...(events !== undefined ? { events: [...new Set(events)] } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(enabled !== undefined ? { enabled } : {}),
    };
    await updateWebhookRow(trx, webhook.id, changes);
    if (enabled === false) await failPendingDeliveries(trx, webhook.id);
    const reenabled = enabled === true && !webhook.enabled;
    if (reenabled) await clearWebhookFailure(trx, webhook.id, { reenabled });
    return { ...webhook, ...changes, ...(reenabled ? { failingSince: null, disabledReason: null } : {}) };
  });
};
