import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { updateWebhook } from '../../../app/webhooks/update-webhook.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, Strict, errorResponses } from '../../schema-kit.js';
import { Description, Events, WebhookData, WebhookIdParams, presentWebhook, webhookExample } from './webhook.schema.js';

const UpdateBody = Strict({
  enabled: Type.Optional(
    Type.Boolean({ description: 'false stops every pending delivery and retry at once; true starts afresh with no failure record' }),
  ),
  events: Type.Optional(Events),
  description: Type.Optional(Description),
});

export const updateWebhookRoute = (app: App, ctx: AppContext) =>
  app.put(
    '/webhooks/:webhookId',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'updateWebhook',
        summary: 'Enable, disable or re-subscribe a webhook',
        description:
          'Any subset of `enabled`, `events`, `description`; none at all is 400 NOTHING_TO_UPDATE. The URL cannot change: create another webhook.',
        tags: ['Webhooks'],
        params: WebhookIdParams,
        body: Example(UpdateBody, { enabled: true, events: ['envelope.completed', 'envelope.declined'] }),
        response: {
          200: Example(Ok(WebhookData, 'Webhook updated'), {
            message: 'Webhook updated.',
            data: webhookExample,
          }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('EVENTS_REQUIRED', 'Subscribe to at least one event type.', { field: 'events' }),
        },
      },
    },
    async (request) => {
      const webhook = await updateWebhook(ctx, {
        accountId: callerOf(request).accountId,
        webhookId: request.params.webhookId,
        ...request.body,
      });
      return { message: 'Webhook updated.', data: presentWebhook(webhook) };
    },
  );
