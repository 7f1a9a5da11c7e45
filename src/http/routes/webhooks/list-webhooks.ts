import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { listWebhooks } from '../../../app/webhooks/list-webhooks.js';
import { callerOf, type App } from '../../app-type.js';
import { List, Ok, errorResponses } from '../../schema-kit.js';
import { WebhookData, presentWebhook } from './webhook.schema.js';

export const listWebhooksRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/webhooks',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'listWebhooks',
        summary: "The account's webhooks",
        description: 'Oldest first, at most 20. Secrets are never listed: they are shown once, on creation and rotation.',
        tags: ['Webhooks'],
        response: { 200: Ok(Type.Object({ webhooks: List(WebhookData, 20) })), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({
      message: 'Webhooks.',
      data: { webhooks: (await listWebhooks(ctx, callerOf(request).accountId)).map(presentWebhook) },
    }),
  );
