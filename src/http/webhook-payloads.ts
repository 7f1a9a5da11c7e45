import { Type, type TSchema } from 'typebox';
import type { WebhookEventType } from '../domain/webhook-events.js';
import { Email, Id, Int, List, Text, Timestamp } from './schema-kit.js';

/** The OpenAPI 3.1 `webhooks` section: what Countersign POSTs to an endpoint for each event type (docs/api/webhooks.md). */

const Recipient = Type.Object(
  {
    recipient_id: Id('rcp'),
    name: Text(255),
    email: Email(),
    role: Type.String({ enum: ['signer', 'observer'], maxLength: 8 }),
    signing_order: Int(0, 100, { description: "The signer's signing order; 0 for observers" }),
  },
  { description: 'The recipient the event is about' },
);

const envelope = {
  envelope_id: Id('env'),
  name: Text(255),
  status: Text(16, { description: 'The envelope status after the change the event reports' }),
  tags: List(Text(64), 50),
};

const DATA: Record<WebhookEventType, { summary: string; data: Record<string, TSchema> }> = {
  'envelope.sent': {
    summary: 'An envelope was created and sent',
    data: {
      ...envelope,
      created_at: Timestamp(),
      signing_due_date: Timestamp(),
      recipients: List(
        Type.Object({ ...Recipient.properties, status: Text(16, { description: 'Sent, or Waiting for a later turn' }) }),
        200,
        { description: 'Signers in signing order, then observers' },
      ),
    },
  },
  'recipient.viewed': {
    summary: 'A signer opened the signing page for the first time',
    data: { ...envelope, recipient: Recipient, viewed_at: Timestamp() },
  },
  'recipient.signed': {
    summary: 'A signer signed',
    data: {
      ...envelope,
      recipient: Recipient,
      signed_at: Timestamp(),
      all_signed: Type.Boolean({ description: 'true for the last signature: envelope.completed follows once the sealed file exists' }),
    },
  },
  'recipient.declined': {
    summary: 'A signer declined (on the signing page, or the sender declined for them)',
    data: { ...envelope, recipient: Recipient, declined_at: Timestamp(), reason: Text(1000) },
  },
  'recipient.approved': {
    summary: 'An approver approved',
    data: {
      ...envelope,
      recipient: Recipient,
      approved_at: Timestamp(),
      all_done: Type.Boolean({ description: 'true when this was the last step: envelope.completed follows once the sealed file exists' }),
    },
  },
  'recipient.reassigned': {
    summary: 'A recipient handed their step to another person',
    data: {
      ...envelope,
      recipient: Recipient,
      from: Type.Object({ name: Text(255), email: Email() }),
      to: Type.Object({ name: Text(255), email: Email() }),
      reason: Type.Union([Text(1000), Type.Null()]),
      reassigned_at: Timestamp(),
    },
  },
  'envelope.corrected': {
    summary: 'The sender corrected the envelope after sending it',
    data: {
      ...envelope,
      corrected_at: Timestamp(),
      changes: List(Text(500), 200, { description: 'What changed, one sentence each, as in the history' }),
    },
  },
  'envelope.returned': {
    summary: 'A signer sent the envelope back to its sender for correction (status Correcting)',
    data: { ...envelope, returned_by: Recipient, returned_at: Timestamp(), comment: Text(1000) },
  },
  'envelope.completed': {
    summary: 'Every signer signed and the sealed documents exist',
    data: { ...envelope, completed_at: Timestamp() },
  },
  'envelope.declined': {
    summary: 'The envelope ended because a signer declined',
    data: { ...envelope, declined_by: Recipient, declined_at: Timestamp(), reason: Text(1000) },
  },
  'envelope.cancelled': {
    summary: 'The sender cancelled the envelope',
    data: { ...envelope, cancelled_at: Timestamp(), reason: Text(1000) },
  },
  'envelope.expired': {
    summary: 'The signing due date passed before every signer signed',
    data: { ...envelope, expired_at: Timestamp(), signing_due_date: Timestamp() },
  },
  'envelope.deleted': {
    summary: 'The sender deleted a Completed envelope and its documents',
    data: { ...envelope, deleted_at: Timestamp() },
  },
  'envelope.completion_failed': {
    summary: 'Sealing the envelope failed all its attempts',
    data: {
      ...envelope,
      failed_at: Timestamp(),
      attempts: Int(1, 1000),
      last_error: Text(2000, { description: 'What the last attempt failed with' }),
    },
  },
  'bulk_send.completed': {
    summary: 'A bulk send is over: every row created or failed, or the send cancelled (docs/api/bulk-sending.md)',
    data: {
      bulk_send_id: Id('bulk'),
      template_id: Id('tpl'),
      status: Type.String({ enum: ['completed', 'cancelled'], maxLength: 9, description: '`cancelled` when the send was cancelled' }),
      total: Int(1, 10_000, { description: 'Rows of the send' }),
      created: Int(0, 10_000, { description: 'Rows whose envelope was created and sent' }),
      failed: Int(0, 10_000, { description: 'Rows refused, when the send was submitted or when their envelope was created' }),
      cancelled: Int(0, 10_000, { description: 'Rows the cancel stopped before their envelope was created' }),
      created_at: Timestamp({ description: 'When the send was submitted' }),
      completed_at: Timestamp({ description: 'When it ended (its last row, or the cancel)' }),
    },
  },
  ping: {
    summary: 'A test event from POST /webhooks/{id}/test',
    data: { webhook_id: Id('whk'), message: Text(200) },
  },
};

const header = (name: string, description: string, schema: Record<string, unknown>) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string', ...schema },
});

const HEADERS = [
  header(
    'Countersign-Signature',
    '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`; during the 24 h after a rotation a second `v1=` ' +
      'signed with the previous secret follows. Accept the request when any `v1=` matches (constant-time compare) and `t` is recent.',
    { maxLength: 300, pattern: '^t=\\d+(,v1=[0-9a-f]{64}){1,2}$' },
  ),
  header('Countersign-Event-Id', 'The event id, as in the body: the same in every retry and redelivery (de-duplicate on it)', {
    maxLength: 64,
    pattern: '^evt_[A-Za-z0-9_-]+$',
  }),
  header('Countersign-Event-Type', 'The event type, as in the body', { maxLength: 32, pattern: '^[a-z_.]+$' }),
  header('Countersign-Delivery-Id', 'This delivery, as listed in GET /webhooks/{id}/deliveries', {
    maxLength: 64,
    pattern: '^dlv_[A-Za-z0-9_-]+$',
  }),
];

const DELIVERY_RULES =
  'Answer 2xx within 10 s. Any other answer (a redirect too: they are not followed), a time-out or a refused connection ' +
  'is retried with exponential back-off and jitter (the first retry within 20 s, then growing to at most 3 h apart) for ' +
  '24 h after the event. Each event is delivered at least once: de-duplicate on `id`. Deliveries are not ordered.';

/** One path item per event type, each a POST with its body and the signature headers. */
export const webhookPayloads = (): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(DATA).map(([type, { summary, data }]) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(/\./g, '_')}`,
          summary,
          description: DELIVERY_RULES,
          tags: ['Webhooks'],
          security: [],
          parameters: HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: Type.Object(
                  {
                    id: Id('evt', { description: 'The event id: stable across retries and redeliveries' }),
                    type: Type.String({ const: type, maxLength: 32 }),
                    created_at: Timestamp({ description: 'When the change happened' }),
                    data: Type.Object(data),
                  },
                  { additionalProperties: false },
                ),
              },
            },
          },
          responses: {
            '200': { description: 'Received (any 2xx)' },
            '400': { description: 'Refused (for example a signature that does not verify): retried like any non-2xx' },
          },
        },
      },
    ]),
  );
