export { CountersignClient, type CountersignClientOptions } from './client.js';
export { CountersignError, type ApiProblem } from './countersign-error.js';
export type {
  OperationData,
  OperationId,
  OperationInput,
  OperationMethod,
  OperationMethods,
  OperationOptions,
  PagedOperationId,
  Pdf,
  Paginators,
  RequestOptions,
} from './operation-types.js';
export {
  verifyWebhookSignature,
  WebhookSignatureError,
  type VerifyWebhookSignatureOptions,
  type WebhookSignatureProblem,
} from './webhook-signature.js';
export type { components, operations, paths } from './generated/openapi.js';
export { verifiedWebhookEvent, type AnyWebhookEvent, type WebhookEvent, type WebhookEventType } from './webhook-event.js';
