/** The events a webhook can subscribe to (docs/api/webhooks.md), in the order the documentation lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'envelope.sent',
  'recipient.viewed',
  'recipient.signed',
  'recipient.declined',
  'recipient.approved',
  'recipient.reassigned',
  'envelope.corrected',
  'envelope.returned',
  'envelope.completed',
  'envelope.declined',
  'envelope.cancelled',
  'envelope.expired',
  'envelope.deleted',
  'envelope.completion_failed',
  'bulk_send.completed',
] as const;

export type SubscribableEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** `ping` is sent only by `POST /webhooks/{id}/test`, whatever the webhook subscribes to. */
export type WebhookEventType = SubscribableEventType | 'ping';

export const isSubscribableEventType = (type: string): type is SubscribableEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);

/** A recipient as events name them. */
export interface EventRecipient {
  recipient_id: string;
  name: string;
  email: string;
  role: 'signer' | 'observer';
  signing_order: number;
}

/** What every envelope event carries, so an integrator needs no follow-up call to know which envelope and where it stands. */
export interface EventEnvelope {
  envelope_id: string;
  name: string;
  status: string;
  tags: string[];
}

/** Each event's `data` object, as delivered (snake_case, like the API). */
export interface WebhookEventData {
  'envelope.sent': EventEnvelope & { created_at: string; signing_due_date: string; recipients: (EventRecipient & { status: string })[] };
  'recipient.viewed': EventEnvelope & { recipient: EventRecipient; viewed_at: string };
  'recipient.signed': EventEnvelope & { recipient: EventRecipient; signed_at: string; all_signed: boolean };
  'recipient.declined': EventEnvelope & { recipient: EventRecipient; declined_at: string; reason: string };
  'recipient.approved': EventEnvelope & { recipient: EventRecipient; approved_at: string; all_done: boolean };
  'recipient.reassigned': EventEnvelope & {
    recipient: EventRecipient;
    from: { name: string; email: string };
    to: { name: string; email: string };
    reason: string | null;
    reassigned_at: string;
  };
  'envelope.corrected': EventEnvelope & { corrected_at: string; changes: string[] };
  'envelope.returned': EventEnvelope & { returned_by: EventRecipient; returned_at: string; comment: string };
  'envelope.completed': EventEnvelope & { completed_at: string };
  'envelope.declined': EventEnvelope & { declined_by: EventRecipient; declined_at: string; reason: string };
  'envelope.cancelled': EventEnvelope & { cancelled_at: string; reason: string };
  'envelope.expired': EventEnvelope & { expired_at: string; signing_due_date: string };
  'envelope.deleted': EventEnvelope & { deleted_at: string };
  'envelope.completion_failed': EventEnvelope & { failed_at: string; attempts: number; last_error: string };
  'bulk_send.completed': {
    bulk_send_id: string;
    template_id: string;
    status: 'completed' | 'cancelled';
    total: number;
    created: number;
    failed: number;
    cancelled: number;
    created_at: string;
    completed_at: string;
  };
  ping: { webhook_id: string; message: string };
}
