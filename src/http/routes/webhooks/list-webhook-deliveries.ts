import type { AppContext } from '../../../app/context.js';
import { listWebhookDeliveries } from '../../../app/webhooks/list-webhook-deliveries.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { DeliveryPageData, DeliveryQuery, WebhookIdParams, presentDeliveryPage } from './webhook.schema.js';

export const listWebhookDeliveriesRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/webhooks/:webhookId/deliveries',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: "A webhook's delivery log",
        description:
          'Newest first, paginated (`page`, `page_size` 1–100; out of range: 400 INVALID_PAGINATION). Each delivery lists ' +
          'every attempt: when, the status code, the duration and the error. Deliveries are kept 30 days.',
        tags: ['Webhooks'],
        params: WebhookIdParams,
        querystring: DeliveryQuery,
        response: {
          200: Example(Ok(DeliveryPageData), {
            message: 'Webhook deliveries.',
            data: {
              deliveries: [
                {
                  delivery_id: 'dlv_fJvqYPFAFlbi56hVPYc2WA',
                  event_id: 'evt_pynBtXKEIZW925lYao_heA',
                  type: 'envelope.completed',
                  state: 'delivered',
                  created_at: '2026-03-03T11:00:02.000Z',
                  attempts: [
                    { at: '2026-03-03T11:00:02.000Z', status_code: 503, duration_ms: 412, error: null },
                    { at: '2026-03-03T11:00:32.000Z', status_code: 200, duration_ms: 87, error: null },
                  ],
                },
              ],
              page: 1,
              page_size: 20,
              total: 1,
            },
          }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('WEBHOOK_NOT_FOUND', 'No webhook whk_vHJQC6PrZ8lHa7h01fKpOw.'),
        },
      },
    },
    async (request) => {
      const page = await listWebhookDeliveries(ctx, {
        accountId: callerOf(request).accountId,
        webhookId: request.params.webhookId,
        page: request.query.page ?? 1,
        pageSize: request.query.page_size ?? 20,
      });
      return { message: 'Webhook deliveries.', data: presentDeliveryPage(page) };
    },
  );
