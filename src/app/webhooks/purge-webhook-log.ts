import { purgeWebhookDeliveries } from '../../infra/db/tables/webhook-deliveries-table.js';
import { purgeWebhookEvents } from '../../infra/db/tables/webhook-events-table.js';
import type { AppContext } from '../context.js';
import { DELIVERY_RETENTION_DAYS } from './list-webhook-deliveries.js';

/** Bounded retention of the delivery log: deliveries older than 30 days go, and then the events none refers to. */
export const purgeWebhookLog = async (ctx: AppContext): Promise<void> => {
  const before = new Date(ctx.clock.now().getTime() - DELIVERY_RETENTION_DAYS * 86_400_000).toISOString();
  await purgeWebhookDeliveries(ctx.db, before);
  await purgeWebhookEvents(ctx.db, before);
};
