import type { RouteModule } from '../route-module.js';
import { createWebhookRoute } from './create-webhook.js';
import { deleteWebhookRoute } from './delete-webhook.js';
import { listWebhookDeliveriesRoute } from './list-webhook-deliveries.js';
import { listWebhooksRoute } from './list-webhooks.js';
import { redeliverWebhookEventRoute } from './redeliver-webhook-event.js';
import { rotateWebhookSecretRoute } from './rotate-webhook-secret.js';
import { testWebhookRoute } from './test-webhook.js';
import { updateWebhookRoute } from './update-webhook.js';

export const webhookRoutes: RouteModule[] = [
  createWebhookRoute,
  listWebhooksRoute,
  updateWebhookRoute,
  deleteWebhookRoute,
  rotateWebhookSecretRoute,
  testWebhookRoute,
  listWebhookDeliveriesRoute,
  redeliverWebhookEventRoute,
];
