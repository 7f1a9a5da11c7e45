import type { AppContext, Caller } from '../context.js';
import type { IdempotentResponse } from '../idempotency/idempotency-keys.js';
import { checkBase64Documents, storeCheckedDocuments, type Base64DocumentInput } from '../documents/stored-document.js';
import { assertEnvelopeQuotaLeft, checkNewEnvelope, sendNewEnvelope, type CreatedEnvelope } from './envelope-creation.js';
import type { NewEnvelope, RequestOrigin } from './new-envelope.js';

export interface CreateEnvelopeRequest extends NewEnvelope {
  documents: Base64DocumentInput[];
}

/**
 * Creates and sends an envelope from base64 documents. They are checked, and the fields placed on
 * them, before anything is stored; they are stored only once the whole request is valid and the
 * quota allows it.
 */
export const createEnvelope = async (
  ctx: AppContext,
  caller: Caller,
  request: CreateEnvelopeRequest,
  origin: RequestOrigin,
  idempotency?: IdempotentResponse<CreatedEnvelope>,
): Promise<CreatedEnvelope> => {
  const { checked, documents } = await checkNewEnvelope(ctx, request, {
    documents: () => checkBase64Documents(ctx, request.documents),
    beforeDocuments: () => assertEnvelopeQuotaLeft(ctx, ctx.db, caller.accountId),
  });
  const stored = await storeCheckedDocuments(ctx, documents);
  return sendNewEnvelope(ctx, caller, checked, stored, origin, undefined, idempotency);
};
