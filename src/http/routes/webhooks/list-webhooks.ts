import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { listWebhooks } from '../../../app/webhooks/list-webhooks.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
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
        response: {
          200: Example(Ok(Type.Object({ webhooks: List(WebhookData, 20) })), {
            message: 'Webhooks.',
            data: {
              webhooks: [
                {
                  webhook_id: 'whk_vHJQC6PrZ8lHa7h01fKpOw',
                  url: 'https://crm.example.com/hooks/countersign',
                  description: 'CRM: close the deal when the contract is signed',
                  events: ['envelope.completed', 'envelope.declined'],
                  enabled: true,
                  disabled_reason: null,
                  previous_secret_expires_at: null,
                  created_at: '2026-03-01T12:00:00.000Z',
                },
              ],
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
