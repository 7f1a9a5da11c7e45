import type { AppContext } from '../../../app/context.js';
import { listWebhookDeliveries } from '../../../app/webhooks/list-webhook-deliveries.js';
import { callerOf, type App } from '../../app-type.js';
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
        response: { 200: Ok(DeliveryPageData), ...errorResponses(400, 401, 404, 429) },
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
