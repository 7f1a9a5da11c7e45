import type { AppContext } from '../../../app/context.js';
import { redeliverWebhookEvent } from '../../../app/webhooks/redeliver-webhook-event.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
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
        response: {
          201: Example(Ok(QueuedDelivery, 'Redelivery queued'), {
            message: 'Redelivery queued.',
            data: { delivery_id: 'dlv_Wm4cT9xQ2bLk7vR0nY5sHg', event_id: 'evt_pynBtXKEIZW925lYao_heA' },
          }),
          ...errorResponses(401, 404, 409, 429),
          ...errorExample('WEBHOOK_DISABLED', 'The webhook is disabled: enable it first.'),
        },
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
