import { AppError } from '../../domain/app-error.js';
import { readAttachment as readAttachmentRow, readAttachments, type Attachment } from '../../infra/db/tables/attachments-table.js';
import type { AppContext, Caller } from '../context.js';
import { loadEnvelope } from '../envelopes/load-envelope.js';
import { assertEnvelopeDocumentsRetained } from '../retention/documents-retained.js';

export type { Attachment } from '../../infra/db/tables/attachments-table.js';

/** The envelope's supporting documents, oldest first. */
export const listAttachments = async (ctx: AppContext, caller: Caller, envelopeId: string): Promise<Attachment[]> => {
  await loadEnvelope(ctx, ctx.db, caller.accountId, envelopeId);
  return readAttachments(ctx.db, envelopeId);
};

const notFound = (attachmentId: string) =>
  new AppError('SUPPORTING_DOCUMENT_NOT_FOUND', `No supporting document ${attachmentId} in this envelope.`);

/** One supporting document with its bytes; another envelope's attachment id is unknown here. */
export const readAttachment = async (
  ctx: AppContext,
  caller: Caller,
  envelopeId: string,
  attachmentId: string,
): Promise<Attachment & { bytes: Uint8Array }> => {
  const envelope = await loadEnvelope(ctx, ctx.db, caller.accountId, envelopeId);
  const attachment = await readAttachmentRow(ctx.db, envelopeId, attachmentId);
  if (!attachment) throw notFound(attachmentId);
  await assertEnvelopeDocumentsRetained(ctx, ctx.db, envelope);
  const bytes = await ctx.blobs.get(attachment.sha256);
  if (!bytes) throw notFound(attachmentId);
  return { ...attachment, bytes };
};
