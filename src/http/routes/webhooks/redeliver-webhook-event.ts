import type { AppContext } from '../../../app/context.js';
import { redeliverWebhookEvent } from '../../../app/webhooks/redeliver-webhook-event.js';
import { callerOf, type App } from '../../app-type.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { DeliveryParams, QueuedDelivery } from './webhook.schema.js';

export const redeliverWebhookEventRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'redeliverWebhookEvent',
        summary: "Send a delivery's event again",
        description:
          'Queues a new delivery of the same event (same `id` and body, so receivers can de-duplicate), with its own attempts ' +
          'and 24 h of retries. Unknown delivery: 404 WEBHOOK_DELIVERY_NOT_FOUND; disabled webhook: 409 WEBHOOK_DISABLED.',
        tags: ['Webhooks'],
        params: DeliveryParams,
        response: { 201: Ok(QueuedDelivery, 'Redelivery queued'), ...errorResponses(401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const queued = await redeliverWebhookEvent(ctx, {
        accountId: callerOf(request).accountId,
        webhookId: request.params.webhookId,
        deliveryId: request.params.deliveryId,
      });
      return reply.status(201).send({ message: 'Redelivery queued.', data: { delivery_id: queued.deliveryId, event_id: queued.eventId } });
    },
  );
