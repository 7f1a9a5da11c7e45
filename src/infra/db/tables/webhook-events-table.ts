import type { WebhookEventType } from '../../../domain/webhook-events.js';
import type { Db } from '../database.js';
import { json, oneOf, rowCodec } from '../row-codec.js';
import type { WebhookEventsTable } from '../schema.js';

/** One event, written once and delivered to each subscribed webhook with the same id (de-duplication key). */
export interface WebhookEvent {
  id: string;
  accountId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  createdAt: string;
}

export const webhookEventCodec = rowCodec<WebhookEvent, WebhookEventsTable>({
  id: 'id',
  accountId: 'account_id',
  type: ['type', oneOf<WebhookEventType>()],
  data: ['data', json<Record<string, unknown>>()],
  createdAt: 'created_at',
});

export const webhookEventInsert = (db: Db, event: WebhookEvent) => db.insertInto('webhook_events').values(webhookEventCodec.toRow(event));

export const readWebhookEvent = async (db: Db, eventId: string): Promise<WebhookEvent | undefined> => {
  const row = await db.selectFrom('webhook_events').selectAll().where('id', '=', eventId).executeTakeFirst();
  return row && webhookEventCodec.fromRow(row);
};

/** Forgets events older than `before` that no kept delivery refers to any more. */
export const purgeWebhookEvents = async (db: Db, before: string): Promise<void> => {
  await db
    .deleteFrom('webhook_events')
    .where('created_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('webhook_deliveries').select('id').whereRef('webhook_deliveries.event_id', '=', 'webhook_events.id'))),
    )
    .execute();
};
