import type { AppContext } from '../../../app/context.js';
import { rotateWebhookSecret } from '../../../app/webhooks/rotate-webhook-secret.js';
import { callerOf, type App } from '../../app-type.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { WebhookIdParams, WebhookWithSecret, presentWebhook } from './webhook.schema.js';

export const rotateWebhookSecretRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/webhooks/:webhookId/rotate_secret',
    {
      schema: {
        operationId: 'rotateWebhookSecret',
        summary: "Replace a webhook's signing secret",
        description:
          'Answers the new `secret`, shown this once. For 24 h (until `previous_secret_expires_at`) deliveries carry two `v1=` ' +
          "entries, the new secret's first, so a receiver that checks either verifies; then only the new one. Rotating again " +
          'within those 24 h ends the older secret at once, so a retried rotation should carry an Idempotency-Key: its replay ' +
          'answers the same new secret (kept encrypted for the 24 h) and rotates nothing.',
        tags: ['Webhooks'],
        params: WebhookIdParams,
        response: { 200: Ok(WebhookWithSecret, 'Secret rotated'), ...errorResponses(401, 404, 409, 422, 429) },
      },
      config: { role: 'admin', idempotent: true, idempotentResponseIsSecret: true },
    },
    async (request) => {
      const { webhook, secret } = await rotateWebhookSecret(ctx, {
        accountId: callerOf(request).accountId,
        webhookId: request.params.webhookId,
      });
      return { message: 'Webhook secret rotated.', data: { ...presentWebhook(webhook), secret } };
    },
  );
