import type { SubscribableEventType, WebhookEventData, WebhookEventType } from '../../domain/webhook-events.js';
import type { Db } from '../../infra/db/database.js';
import { insertAtOnce, type PendingInsert } from '../../infra/db/insert-at-once.js';
import { webhookDeliveryInserts } from '../../infra/db/tables/webhook-deliveries-table.js';
import { webhookEventInsert, type WebhookEvent } from '../../infra/db/tables/webhook-events-table.js';
import { readEnabledSubscriptions } from '../../infra/db/tables/webhooks-table.js';
import { newId } from '../../infra/ids.js';
import type { AppContext } from '../context.js';
import { jobsToEnqueue } from '../outbox.js';

export interface NewWebhookEvent<T extends WebhookEventType> {
  accountId: string;
  type: T;
  data: WebhookEventData[T];
}

/**
 * The inserts that send one event to the given webhooks: the event (its id is what every delivery
 * and retry carries), one pending delivery per webhook and one job per delivery, for the caller's
 * transaction.
 */
export const deliveryInserts = <T extends WebhookEventType>(
  ctx: AppContext,
  trx: Db,
  event: NewWebhookEvent<T> & { id?: string },
  webhookIds: readonly string[],
): { inserts: PendingInsert[]; deliveryIds: string[]; eventId: string } => {
  const createdAt = ctx.clock.now().toISOString();
  const stored: WebhookEvent = {
    id: event.id ?? newId('evt'),
    accountId: event.accountId,
    type: event.type,
    data: event.data as unknown as Record<string, unknown>,
    createdAt,
  };
  const deliveries = webhookIds.map((webhookId) => ({
    id: newId('dlv'),
    webhookId,
    eventId: stored.id,
    state: 'pending' as const,
    attempts: [],
    createdAt,
  }));
  return {
    inserts: [
      ...(event.id ? [] : [webhookEventInsert(trx, stored)]),
      ...webhookDeliveryInserts(trx, deliveries),
      ...jobsToEnqueue(
        ctx,
        trx,
        deliveries.map((delivery) => ({ kind: 'deliver-webhook', payload: { deliveryId: delivery.id } })),
      ),
    ],
    deliveryIds: deliveries.map((delivery) => delivery.id),
    eventId: stored.id,
  };
};

/**
 * What recordWebhookEvent writes, not run yet, for a use case that batches its inserts (envelope
 * creation). An account without an enabled webhook for this type costs one read by its index and
 * writes nothing.
 */
export const webhookEventInserts = async <T extends SubscribableEventType>(
  ctx: AppContext,
  trx: Db,
  event: NewWebhookEvent<T>,
): Promise<PendingInsert[]> => {
  const subscribed = (await readEnabledSubscriptions(trx, event.accountId)).filter((webhook) => webhook.events.includes(event.type));
  return subscribed.length
    ? deliveryInserts(
        ctx,
        trx,
        event,
        subscribed.map((webhook) => webhook.id),
      ).inserts
    : [];
};

/**
 * Records an event in the caller's transaction, the one that makes the state change it reports:
 * it is fanned out to the account's enabled webhooks subscribed to its type, and delivered by the
 * job worker once the transaction commits (the caller pokes the worker after the commit). Answers
 * whether any delivery was queued.
 */
export const recordWebhookEvent = async <T extends SubscribableEventType>(
  ctx: AppContext,
  trx: Db,
  event: NewWebhookEvent<T>,
): Promise<boolean> => {
  const inserts = await webhookEventInserts(ctx, trx, event);
  await insertAtOnce(trx, inserts);
  return inserts.length > 0;
};
