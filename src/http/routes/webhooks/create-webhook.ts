import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { createWebhook } from '../../../app/webhooks/create-webhook.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, Strict, errorResponses } from '../../schema-kit.js';
import { Description, Events, WebhookUrl, WebhookWithSecret, presentWebhook, webhookExample } from './webhook.schema.js';

const CreateBody = Strict({ url: WebhookUrl, events: Events, description: Type.Optional(Description) });

export const createWebhookRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/webhooks',
    {
      schema: {
        operationId: 'createWebhook',
        summary: 'Register a webhook endpoint',
        description:
          'Answers the webhook with its signing `secret`, shown this once. Events are POSTed as JSON `{"id", "type", ' +
          '"created_at", "data"}` with `Countersign-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` (see the ' +
          '`webhooks` section of this document for every event). At most 20 webhooks per account (403 WEBHOOK_LIMIT_REACHED). ' +
          'With an Idempotency-Key a replay answers the same webhook and secret: that response is kept encrypted (AES-256-GCM) for the 24 h.',
        tags: ['Webhooks'],
        body: Example(CreateBody, {
          url: 'https://crm.example.com/hooks/countersign',
          events: ['envelope.completed', 'envelope.declined'],
          description: 'CRM: close the deal when the contract is signed',
        }),
        response: {
          201: Example(Ok(WebhookWithSecret, 'Webhook created'), {
            message: 'Webhook created.',
            data: {
              ...webhookExample,
              secret: 'whsec_FBWWp9ETc4GNRVBbgMKN_t9kmM5VDp-g4AhKg8Zi5GI',
            },
          }),
          ...errorResponses(400, 401, 403, 409, 422, 429),
          ...errorExample('INVALID_WEBHOOK_URL', 'The URL must start with https:// or http://.', { field: 'url' }),
        },
      },
      config: { role: 'admin', idempotent: true, idempotentResponseIsSecret: true },
    },
    async (request, reply) => {
      const { url, events, description } = request.body;
      const { webhook, secret } = await createWebhook(ctx, {
        accountId: callerOf(request).accountId,
        url,
        events,
        description: description ?? '',
      });
      return reply.status(201).send({ message: 'Webhook created.', data: { ...presentWebhook(webhook), secret } });
    },
  );
