import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { listWebhooks } from '../../../app/webhooks/list-webhooks.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { List, Ok, errorResponses } from '../../schema-kit.js';
import { WebhookData, presentWebhook, webhookExample } from './webhook.schema.js';

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
        response: {
          200: Example(Ok(Type.Object({ webhooks: List(WebhookData, 20) })), {
            message: 'Webhooks.',
            data: {
              webhooks: [webhookExample],
            },
          }),
          ...errorResponses(401, 429),
          ...errorExample('ROLE_FORBIDDEN', "Only an account's admins may do this; this token is a sender's."),
        },
      },
    },
    async (request) => ({
      message: 'Webhooks.',
      data: { webhooks: (await listWebhooks(ctx, callerOf(request).accountId)).map(presentWebhook) },
    }),
  );
