import type { webhooks } from './generated/openapi.js';
import { verifyWebhookSignature, type VerifyWebhookSignatureOptions } from './webhook-signature.js';

type Defined<T> = Exclude<T, undefined>;

/** The event types the OpenAPI document describes under `webhooks`. */
export type WebhookEventType = keyof webhooks;

/** Every delivery's body (docs/api/webhooks.md), whatever its type. */
export interface AnyWebhookEvent {
  /** Stable across retries and redeliveries: de-duplicate on it. */
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

type DocumentedEvent<K extends WebhookEventType> = K extends WebhookEventType
  ? webhooks[K] extends { post: { requestBody?: infer B } }
    ? Defined<B> extends { content: { 'application/json': infer E } }
      ? E
      : never
    : never
  : never;

/**
 * The JSON body of a webhook delivery, as the OpenAPI document's `webhooks` describe it (all of them by
 * default); the general shape while the document describes none.
 */
export type WebhookEvent<K extends WebhookEventType = WebhookEventType> = string extends WebhookEventType
  ? AnyWebhookEvent
  : DocumentedEvent<K>;

/**
 * The delivery's event, once its Countersign-Signature holds (verifyWebhookSignature): the only safe way to
 * read a delivery, since it is parsed from the very bytes that were verified. Rejects with a
 * WebhookSignatureError otherwise.
 */
export const verifiedWebhookEvent = async (
  secret: string,
  header: string | null | undefined,
  rawBody: string | Uint8Array | ArrayBuffer,
  options: VerifyWebhookSignatureOptions = {},
): Promise<WebhookEvent> => {
  await verifyWebhookSignature(secret, header, rawBody, options);
  const text = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  return JSON.parse(text) as WebhookEvent;
};
