import type { AppContext, Caller } from '../context.js';
import type { IdempotentResponse } from '../idempotency/idempotency-keys.js';
import { bringDocumentFields, storeBroughtDocuments, type DocumentIntake } from '../documents/document-fields.js';
import { checkBase64Documents, type Base64DocumentInput } from '../documents/stored-document.js';
import { assertEnvelopeQuotaLeft, checkNewEnvelope, sendNewEnvelope, type CreatedEnvelope } from './envelope-creation.js';
import type { NewEnvelope, RequestOrigin } from './new-envelope.js';

export interface CreateEnvelopeRequest extends NewEnvelope {
  /** Each with what its intake brings: its PDF form's fields, its text tags (docs/api/form-fields.md). */
  documents: (Base64DocumentInput & { intake?: DocumentIntake })[];
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
    accountId: caller.accountId,
    documents: async () =>
      bringDocumentFields(
        ctx,
        await checkBase64Documents(ctx, request.documents),
        request.documents.map((document) => document.intake),
        (i) => `documents[${i}]`,
      ),
    beforeDocuments: () => assertEnvelopeQuotaLeft(ctx, ctx.db, caller.accountId),
  });
  const stored = await storeBroughtDocuments(ctx, documents);
  return sendNewEnvelope(ctx, caller, checked, stored, origin, undefined, idempotency);
};
