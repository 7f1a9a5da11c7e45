import type { AppContext, Caller } from '../context.js';
import type { IdempotentResponse } from '../idempotency/idempotency-keys.js';
import { storeBase64Documents, type Base64DocumentInput } from '../documents/stored-document.js';
import { assertEnvelopeQuotaLeft, checkNewEnvelope, sendNewEnvelope, type CreatedEnvelope } from './envelope-creation.js';
import type { NewEnvelope, RequestOrigin } from './new-envelope.js';

export interface CreateEnvelopeRequest extends NewEnvelope {
  documents: Base64DocumentInput[];
}

/** Creates and sends an envelope from base64 documents, stored only once the rest of the request is valid and the quota allows it. */
export const createEnvelope = async (
  ctx: AppContext,
  caller: Caller,
  request: CreateEnvelopeRequest,
  origin: RequestOrigin,
  idempotency?: IdempotentResponse<CreatedEnvelope>,
): Promise<CreatedEnvelope> => {
  const checked = checkNewEnvelope(request);
  await assertEnvelopeQuotaLeft(ctx, ctx.db, caller.accountId, { lock: false });
  const documents = await storeBase64Documents(ctx, request.documents);
  return sendNewEnvelope(ctx, caller, checked, documents, origin, undefined, idempotency);
};
