import { readDeliveryPage, type WebhookDelivery } from '../../infra/db/tables/webhook-deliveries-table.js';
import type { AppContext } from '../context.js';
import { loadWebhook } from './load-webhook.js';

/** How long the delivery log keeps a delivery (and its event); the hourly maintenance forgets older ones. */
export const DELIVERY_RETENTION_DAYS = 30;

export interface DeliveryPage {
  deliveries: (WebhookDelivery & { type: string })[];
  page: number;
  pageSize: number;
  total: number;
}

/** A page of a webhook's delivery log, newest first. */
export const listWebhookDeliveries = async (
  ctx: AppContext,
  request: { accountId: string; webhookId: string; page: number; pageSize: number },
): Promise<DeliveryPage> => {
  const webhook = await loadWebhook(ctx.db, request.accountId, request.webhookId);
  const found = await readDeliveryPage(ctx.db, webhook.id, { offset: (request.page - 1) * request.pageSize, limit: request.pageSize });
  return { ...found, page: request.page, pageSize: request.pageSize };
};
