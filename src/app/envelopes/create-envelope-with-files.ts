import type { AppContext, Caller } from '../context.js';
import type { IdempotentResponse } from '../idempotency/idempotency-keys.js';
import { findUnusedUploads, markUploadsUsed } from '../uploads/use-uploads.js';
import { checkNewEnvelope, sendNewEnvelope, type CreatedEnvelope } from './envelope-creation.js';
import type { NewEnvelope, RequestOrigin } from './new-envelope.js';

export interface CreateEnvelopeWithFilesRequest extends NewEnvelope {
  /** Envelope uploads of the caller's account, each used once (docs/concepts/envelopes.md). */
  fileIds: string[];
}

/** Creates and sends an envelope from uploaded files; they are marked used in the same transaction. */
export const createEnvelopeWithFiles = async (
  ctx: AppContext,
  caller: Caller,
  request: CreateEnvelopeWithFilesRequest,
  origin: RequestOrigin,
  idempotency?: IdempotentResponse<CreatedEnvelope>,
): Promise<CreatedEnvelope> => {
  const { checked, documents } = await checkNewEnvelope(ctx, request, {
    documents: () => findUnusedUploads(ctx.db, caller.accountId, 'envelope', request.fileIds),
  });
  return sendNewEnvelope(
    ctx,
    caller,
    checked,
    documents,
    origin,
    (trx) => markUploadsUsed(ctx, trx, caller.accountId, request.fileIds),
    idempotency,
  );
};
