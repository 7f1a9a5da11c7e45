import { AppError } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import {
  failPendingDeliveries,
  readWebhookDelivery,
  updateWebhookDelivery,
  type DeliveryAttempt,
  type WebhookDelivery,
} from '../../infra/db/tables/webhook-deliveries-table.js';
import { readWebhookEvent, type WebhookEvent } from '../../infra/db/tables/webhook-events-table.js';
import { clearWebhookFailure, readWebhookById, updateWebhook, type Webhook } from '../../infra/db/tables/webhooks-table.js';
import { postWebhook } from '../../infra/webhooks/post-webhook.js';
import { signatureHeader } from '../../infra/webhooks/signature.js';
import type { AppContext } from '../context.js';
import { enqueueJob } from '../outbox.js';
import { signingSecrets } from './webhook-secrets.js';
import { parseWebhookUrl, resolveWebhookAddress } from './webhook-url.js';

const TIMEOUT_MS = 10_000;
/** Deliveries are retried for this long after the event; a webhook failing this long is disabled. */
export const RETRY_WINDOW_MS = 24 * 3600_000;
const FIRST_RETRY_MS = 20_000;
const MAX_RETRY_MS = 3 * 3600_000;

/**
 * Exponential back-off with jitter: the n-th retry comes after a delay drawn between half and all of
 * min(20 s · 2^(n-1), 3 h) — the first within 20 s, then growing — so that endpoints that failed
 * together are not hit together again.
 */
export const retryDelayMs = (failedAttempts: number, random: number = Math.random()): number => {
  const ceiling = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_RETRY_MS);
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
};

/** The request body: exactly what was signed. */
export const eventBody = (event: WebhookEvent): string =>
  JSON.stringify({ id: event.id, type: event.type, created_at: event.createdAt, data: event.data });

/** One POST of the event, to the address the URL resolves to now, checked again (the DNS answer may have changed since creation). */
const attempt = async (ctx: AppContext, webhook: Webhook, delivery: WebhookDelivery, event: WebhookEvent): Promise<DeliveryAttempt> => {
  const at = ctx.clock.now();
  const body = eventBody(event);
  let address: string;
  const url = parseWebhookUrl(webhook.url);
  try {
    address = await resolveWebhookAddress(url, ctx.config.webhookAllowPrivate);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { at: at.toISOString(), statusCode: null, durationMs: 0, error: error.message };
  }
  const response = await postWebhook({
    url,
    address,
    body,
    timeoutMs: TIMEOUT_MS,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Countersign-Webhooks/1',
      'countersign-event-id': event.id,
      'countersign-event-type': event.type,
      'countersign-delivery-id': delivery.id,
      'countersign-signature': signatureHeader(Math.floor(at.getTime() / 1000), body, signingSecrets(ctx, webhook)),
    },
  });
  return { at: at.toISOString(), statusCode: response.statusCode, durationMs: Math.round(response.durationMs), error: response.error };
};

/**
 * After a failed attempt: retry later within 24 h of the event, or give up. A webhook with no
 * success since a delivery that is now 24 h old is disabled, its pending deliveries end, and its
 * owner is told by e-mail.
 */
const afterFailure = async (ctx: AppContext, trx: Db, webhook: Webhook, delivery: WebhookDelivery, attempts: DeliveryAttempt[]) => {
  const now = ctx.clock.now();
  const failingSince = webhook.failingSince && webhook.failingSince < delivery.createdAt ? webhook.failingSince : delivery.createdAt;
  if (failingSince !== webhook.failingSince) await updateWebhook(trx, webhook.id, { failingSince });
  const giveUpAt = new Date(delivery.createdAt).getTime() + RETRY_WINDOW_MS;
  if (now.getTime() - new Date(failingSince).getTime() >= RETRY_WINDOW_MS) {
    await updateWebhook(trx, webhook.id, { enabled: false, disabledReason: attempts.at(-1)?.error ?? 'Deliveries failed for 24 hours.' });
    await updateWebhookDelivery(trx, delivery.id, { attempts, state: 'failed' });
    await failPendingDeliveries(trx, webhook.id);
    await enqueueJob(ctx, trx, 'send-webhook-disabled-notice', { webhookId: webhook.id });
    return;
  }
  if (now.getTime() >= giveUpAt) {
    await updateWebhookDelivery(trx, delivery.id, { attempts, state: 'failed' });
    return;
  }
  await updateWebhookDelivery(trx, delivery.id, { attempts });
  const retryAt = Math.min(now.getTime() + retryDelayMs(attempts.length), giveUpAt);
  await enqueueJob(ctx, trx, 'deliver-webhook', { deliveryId: delivery.id }, new Date(retryAt));
};

/**
 * The 'deliver-webhook' job: one attempt of one delivery, recorded in its log. A delivery no longer
 * pending (delivered, ended by disabling, deleted with its webhook) is left alone, so a job that
 * runs twice after a crash delivers at most once more (at-least-once; receivers de-duplicate by id).
 */
export const deliverWebhook = async (ctx: AppContext, { deliveryId }: { deliveryId: string }): Promise<void> => {
  const delivery = await readWebhookDelivery(ctx.db, deliveryId);
  const webhook = delivery && (await readWebhookById(ctx.db, delivery.webhookId));
  const event = delivery && (await readWebhookEvent(ctx.db, delivery.eventId));
  if (!delivery || delivery.state !== 'pending' || !webhook?.enabled || !event) return;

  const made = await attempt(ctx, webhook, delivery, event);
  ctx.metrics.webhookDeliveries.inc({ outcome: made.error === null ? 'delivered' : 'failed' });

  const enqueued = await ctx.db.transaction().execute(async (trx) => {
    const current = await readWebhookById(trx, webhook.id, { lock: true });
    const pending = await readWebhookDelivery(trx, deliveryId);
    if (!current || !pending || pending.state !== 'pending') return false;
    const attempts = [...pending.attempts, made];
    if (made.error === null) {
      await updateWebhookDelivery(trx, deliveryId, { attempts, state: 'delivered' });
      if (current.failingSince) await clearWebhookFailure(trx, current.id);
      return false;
    }
    await afterFailure(ctx, trx, current, pending, attempts);
    return true;
  });
  if (enqueued) ctx.jobs.poke();
};
