import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { deleteWebhook } from '../../../app/webhooks/delete-webhook.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Id, Ok, errorResponses } from '../../schema-kit.js';
import { WebhookIdParams } from './webhook.schema.js';

export const deleteWebhookRoute = (app: App, ctx: AppContext) =>
  app.delete(
    '/webhooks/:webhookId',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook',
        description: 'Pending deliveries stop at once; the delivery log goes with the webhook.',
        tags: ['Webhooks'],
        params: WebhookIdParams,
        response: {
          200: Example(Ok(Type.Object({ webhook_id: Id('whk') }), 'Webhook deleted'), {
            message: 'Webhook deleted successfully.',
            data: { webhook_id: 'whk_vHJQC6PrZ8lHa7h01fKpOw' },
          }),
          ...errorResponses(401, 404, 429),
          ...errorExample('WEBHOOK_NOT_FOUND', 'No webhook whk_vHJQC6PrZ8lHa7h01fKpOw.'),
        },
      },
    },
    async (request) => {
      await deleteWebhook(ctx, { accountId: callerOf(request).accountId, webhookId: request.params.webhookId });
      return { message: 'Webhook deleted successfully.', data: { webhook_id: request.params.webhookId } };
    },
  );
