import type { AppContext } from '../../../app/context.js';
import { testWebhook } from '../../../app/webhooks/test-webhook.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { QueuedDelivery, WebhookIdParams } from './webhook.schema.js';

export const testWebhookRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/webhooks/:webhookId/test',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'testWebhook',
        summary: 'Send a ping event to a webhook',
        description:
          'Queues a `ping` event for this webhook, whatever it subscribes to, delivered and retried like any other; its ' +
          'attempts show in the delivery log. A disabled webhook answers 409 WEBHOOK_DISABLED.',
        tags: ['Webhooks'],
        params: WebhookIdParams,
        response: {
          201: Example(Ok(QueuedDelivery, 'Ping queued'), {
            message: 'Ping queued.',
            data: { delivery_id: 'dlv_fJvqYPFAFlbi56hVPYc2WA', event_id: 'evt_pynBtXKEIZW925lYao_heA' },
          }),
          ...errorResponses(401, 404, 409, 429),
          ...errorExample('WEBHOOK_DISABLED', 'The webhook is disabled: enable it first.'),
        },
      },
    },
    async (request, reply) => {
      const queued = await testWebhook(ctx, { accountId: callerOf(request).accountId, webhookId: request.params.webhookId });
      return reply.status(201).send({ message: 'Ping queued.', data: { delivery_id: queued.deliveryId, event_id: queued.eventId } });
    },
  );
