import { deleteWebhookDeliveries } from '../../infra/db/tables/webhook-deliveries-table.js';
import { deleteWebhookRow } from '../../infra/db/tables/webhooks-table.js';
import type { AppContext } from '../context.js';
import { loadWebhook } from './load-webhook.js';

/** Deletes a webhook with its delivery log; its pending deliveries' jobs find nothing and end. */
export const deleteWebhook = async (ctx: AppContext, request: { accountId: string; webhookId: string }): Promise<void> => {
  await ctx.db.transaction().execute(async (trx) => {
    const webhook = await loadWebhook(trx, request.accountId, request.webhookId, { lock: true });
    await deleteWebhookDeliveries(trx, webhook.id);
    await deleteWebhookRow(trx, webhook.id);
  });
};
