import type { AppContext } from '../../../app/context.js';
import { rotateWebhookSecret } from '../../../app/webhooks/rotate-webhook-secret.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { WebhookIdParams, WebhookWithSecret, presentWebhook, webhookExample } from './webhook.schema.js';

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
        response: {
          200: Example(Ok(WebhookWithSecret, 'Secret rotated'), {
            message: 'Webhook secret rotated.',
            data: {
              ...webhookExample,
              previous_secret_expires_at: '2026-03-05T12:00:00.000Z',
              secret: 'whsec_Zk3Lq8Wn1Xc6Vb9Tm2Rp5Yd0Hs7Jf4Ga1Ue8Oi3Kt6N',
            },
          }),
          ...errorResponses(401, 404, 409, 422, 429),
          ...errorExample('WEBHOOK_NOT_FOUND', 'No webhook whk_vHJQC6PrZ8lHa7h01fKpOw.'),
        },
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
