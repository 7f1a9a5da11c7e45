import type { Db } from '../database.js';
import { json, oneOf, rowCodec } from '../row-codec.js';
import type { WebhookDeliveriesTable } from '../schema.js';

export type DeliveryState = 'pending' | 'delivered' | 'failed';

/** One try to deliver an event: when, what the endpoint answered, how long it took, what went wrong. */
export interface DeliveryAttempt {
  at: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** An event on its way to one webhook, with every attempt made. */
export interface WebhookDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  state: DeliveryState;
  attempts: DeliveryAttempt[];
  createdAt: string;
}

export const webhookDeliveryCodec = rowCodec<WebhookDelivery, WebhookDeliveriesTable>({
  id: 'id',
  webhookId: 'webhook_id',
  eventId: 'event_id',
  state: ['state', oneOf<DeliveryState>()],
  attempts: ['attempts', json<DeliveryAttempt[]>()],
  createdAt: 'created_at',
});

export const webhookDeliveryInserts = (db: Db, deliveries: readonly WebhookDelivery[]) =>
  deliveries.length ? [db.insertInto('webhook_deliveries').values(deliveries.map(webhookDeliveryCodec.toRow))] : [];

export const readWebhookDelivery = async (db: Db, deliveryId: string): Promise<WebhookDelivery | undefined> => {
  const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst();
  return row && webhookDeliveryCodec.fromRow(row);
};

/** A page of a webhook's deliveries, newest first, each with its event's type, and their total. */
export const readDeliveryPage = async (
  db: Db,
  webhookId: string,
  page: { offset: number; limit: number },
): Promise<{ deliveries: (WebhookDelivery & { type: string })[]; total: number }> => {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
    .selectAll('webhook_deliveries')
    .select('webhook_events.type')
    .where('webhook_deliveries.webhook_id', '=', webhookId)
    .orderBy('webhook_deliveries.created_at', 'desc')
    .orderBy('webhook_deliveries.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const count = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('webhook_id', '=', webhookId)
    .executeTakeFirstOrThrow();
  return { deliveries: rows.map((row) => ({ ...webhookDeliveryCodec.fromRow(row), type: row.type })), total: Number(count.count) };
};

export const updateWebhookDelivery = async (db: Db, deliveryId: string, changes: Partial<WebhookDelivery>): Promise<void> => {
  await db.updateTable('webhook_deliveries').set(webhookDeliveryCodec.toColumns(changes)).where('id', '=', deliveryId).execute();
};

/** Ends every pending delivery of a webhook at once (it was disabled or deleted): their retries find nothing to do. */
export const failPendingDeliveries = async (db: Db, webhookId: string): Promise<void> => {
  await db
    .updateTable('webhook_deliveries')
    .set({ state: 'failed' })
    .where('webhook_id', '=', webhookId)
    .where('state', '=', 'pending')
    .execute();
};

export const deleteWebhookDeliveries = async (db: Db, webhookId: string): Promise<void> => {
  await db.deleteFrom('webhook_deliveries').where('webhook_id', '=', webhookId).execute();
};

/** Bounded retention: deliveries created before `before` are forgotten. */
export const purgeWebhookDeliveries = async (db: Db, before: string): Promise<void> => {
  await db.deleteFrom('webhook_deliveries').where('created_at', '<', before).execute();
};
