import { Type, type Static } from 'typebox';
import type { DeliveryPage } from '../../../app/webhooks/list-webhook-deliveries.js';
import type { Webhook as WebhookModel } from '../../../app/webhooks/list-webhooks.js';
import { MAX_WEBHOOK_URL_LENGTH } from '../../../app/webhooks/webhook-url.js';
import { WEBHOOK_EVENT_TYPES, type SubscribableEventType } from '../../../domain/webhook-events.js';
import { Id, Int, List, Nullable, Strict, Text, Timestamp } from '../../schema-kit.js';

export const MAX_DESCRIPTION_LENGTH = 500;

/** A plain string enum (not a union of literals), so that an unknown type is one error with its own code. */
export const EventType = Type.Unsafe<SubscribableEventType>({
  type: 'string',
  enum: [...WEBHOOK_EVENT_TYPES],
  maxLength: 32,
  'x-invalid-code': 'UNKNOWN_EVENT_TYPE',
  description: 'An event type (docs/api/webhooks.md); `ping` is not subscribed to, it is sent by the test operation only',
});

export const Events = List(EventType, WEBHOOK_EVENT_TYPES.length * 2, {
  minItems: 1,
  'x-invalid-code': 'EVENTS_REQUIRED',
  description: 'The event types to receive: at least one; repeats count once',
});

export const WebhookUrl = Text(MAX_WEBHOOK_URL_LENGTH, {
  minLength: 1,
  format: 'uri',
  'x-invalid-code': 'INVALID_WEBHOOK_URL',
  description:
    'https:// (or http://) URL without credentials, at most 2048 characters. Its host must resolve to public addresses only, ' +
    'checked now and again before every delivery; private, loopback, link-local, CGNAT, unique-local and reserved addresses, ' +
    'also inside IPv6 addresses that carry an IPv4 one (mapped, translated, compatible, NAT64, 6to4, Teredo), are refused ' +
    'unless the operator set WEBHOOK_ALLOW_PRIVATE=true, cloud metadata addresses always',
});

export const Description = Text(MAX_DESCRIPTION_LENGTH, { description: 'Free text for you, at most 500 characters' });

/** `{id}` in the path: any well-formed id, so an unknown or foreign one answers 404 WEBHOOK_NOT_FOUND. */
export const WebhookIdParams = Strict({
  webhookId: Text(64, { minLength: 1, pattern: '^[A-Za-z0-9_-]+$', description: 'The webhook_id' }),
});

export const DeliveryParams = Strict({
  webhookId: Text(64, { minLength: 1, pattern: '^[A-Za-z0-9_-]+$', description: 'The webhook_id' }),
  deliveryId: Text(64, { minLength: 1, pattern: '^[A-Za-z0-9_-]+$', description: 'The delivery_id' }),
});

export const WebhookData = Type.Object({
  webhook_id: Id('whk'),
  url: Text(MAX_WEBHOOK_URL_LENGTH),
  description: Text(MAX_DESCRIPTION_LENGTH),
  events: List(EventType, WEBHOOK_EVENT_TYPES.length),
  enabled: Type.Boolean(),
  disabled_reason: Nullable(Text(2000), {
    description: 'Why the service disabled the webhook after 24 h of failed deliveries (the last error); null otherwise',
  }),
  previous_secret_expires_at: Nullable(Timestamp(), {
    description: 'Until when the secret replaced by the last rotation still signs (a second `v1=`); null when none does',
  }),
  created_at: Timestamp(),
});

/** The webhook of the webhook routes' examples: a CRM told when contracts are signed or declined. */
export const webhookExample: Static<typeof WebhookData> = {
  webhook_id: 'whk_vHJQC6PrZ8lHa7h01fKpOw',
  url: 'https://crm.example.com/hooks/countersign',
  description: 'CRM: close the deal when the contract is signed',
  events: ['envelope.completed', 'envelope.declined'],
  enabled: true,
  disabled_reason: null,
  previous_secret_expires_at: null,
  created_at: '2026-03-01T12:00:00.000Z',
};

export const WebhookWithSecret = Type.Object({
  ...WebhookData.properties,
  secret: Text(64, {
    pattern: '^whsec_[A-Za-z0-9_-]+$',
    description: 'The signing secret, shown this once: store it now. Stored encrypted; never shown again nor logged',
  }),
});

export const presentWebhook = (webhook: WebhookModel): Static<typeof WebhookData> => ({
  webhook_id: webhook.id,
  url: webhook.url,
  description: webhook.description,
  events: webhook.events,
  enabled: webhook.enabled,
  disabled_reason: webhook.disabledReason,
  previous_secret_expires_at: webhook.previousSecretExpiresAt,
  created_at: webhook.createdAt,
});

const Attempt = Type.Object({
  at: Timestamp({ description: 'When the attempt started' }),
  status_code: Nullable(Int(100, 999), {
    description: "The endpoint's HTTP status; null when none came (time-out, refused connection or address)",
  }),
  duration_ms: Int(0, 600_000),
  error: Nullable(Text(1200), {
    description: 'Null for a 2xx; otherwise the reason, with at most the first 1 KB of the response body as context',
  }),
});

export const Delivery = Type.Object({
  delivery_id: Id('dlv'),
  event_id: Id('evt', { description: 'The event id: the same in every delivery and retry of the event' }),
  type: Text(32),
  state: Type.String({
    enum: ['pending', 'delivered', 'failed'],
    maxLength: 16,
    description: 'pending while attempts go on (for 24 h), delivered after a 2xx, failed after 24 h or when the webhook was disabled',
  }),
  created_at: Timestamp(),
  attempts: List(Attempt, 100),
});

export const QueuedDelivery = Type.Object({ delivery_id: Id('dlv'), event_id: Id('evt') });

export const DeliveryQuery = Strict({
  page: Type.Optional(Int(1, 1_000_000, { 'x-invalid-code': 'INVALID_PAGINATION', description: '1-based page number (default 1)' })),
  page_size: Type.Optional(Int(1, 100, { 'x-invalid-code': 'INVALID_PAGINATION', description: 'Deliveries per page, 1–100 (default 20)' })),
});

export const DeliveryPageData = Type.Object({
  deliveries: List(Delivery, 100),
  page: Int(1, 1_000_000),
  page_size: Int(1, 100),
  total: Int(0, 1_000_000_000),
});

export const presentDeliveryPage = (page: DeliveryPage): Static<typeof DeliveryPageData> => ({
  deliveries: page.deliveries.map((delivery) => ({
    delivery_id: delivery.id,
    event_id: delivery.eventId,
    type: delivery.type,
    state: delivery.state,
    created_at: delivery.createdAt,
    attempts: delivery.attempts.map((attempt) => ({
      at: attempt.at,
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error,
    })),
  })),
  page: page.page,
  page_size: page.pageSize,
  total: page.total,
});
