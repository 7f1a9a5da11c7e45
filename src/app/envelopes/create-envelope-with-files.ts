import type { AppContext, Caller } from '../context.js';
import type { IdempotentResponse } from '../idempotency/idempotency-keys.js';
import { bringDocumentFields, storeBroughtDocuments, type DocumentIntake } from '../documents/document-fields.js';
import { findUnusedUploads, markUploadsUsed } from '../uploads/use-uploads.js';
import { checkNewEnvelope, sendNewEnvelope, type CreatedEnvelope } from './envelope-creation.js';
import type { NewEnvelope, RequestOrigin } from './new-envelope.js';

export interface CreateEnvelopeWithFilesRequest extends NewEnvelope {
  /** Envelope uploads of the caller's account, each used once (docs/concepts/envelopes.md). */
  fileIds: string[];
  /** What each upload's intake brings, by position in fileIds (docs/api/form-fields.md). */
  intakes?: (DocumentIntake | undefined)[];
}

/**
 * Creates and sends an envelope from uploaded files; they are marked used in the same transaction.
 * An upload whose intake brings fields is stored again without its form (or tags), once the request is valid.
 */
export const createEnvelopeWithFiles = async (
  ctx: AppContext,
  caller: Caller,
  request: CreateEnvelopeWithFilesRequest,
  origin: RequestOrigin,
  idempotency?: IdempotentResponse<CreatedEnvelope>,
): Promise<CreatedEnvelope> => {
  const { checked, documents } = await checkNewEnvelope(ctx, request, {
    accountId: caller.accountId,
    documents: async () =>
      bringDocumentFields(
        ctx,
        await findUnusedUploads(ctx.db, caller.accountId, 'envelope', request.fileIds),
        request.intakes ?? [],
        (i) => `file_ids[${i}]`,
      ),
  });
  return sendNewEnvelope(
    ctx,
    caller,
    checked,
    await storeBroughtDocuments(ctx, documents),
    origin,
    (trx) => markUploadsUsed(ctx, trx, caller.accountId, request.fileIds),
    idempotency,
  );
};
