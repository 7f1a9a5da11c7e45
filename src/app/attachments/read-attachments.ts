import { AppError } from '../../domain/app-error.js';
import type { AppContext, Caller } from '../context.js';
import { loadEnvelope } from '../envelopes/load-envelope.js';
import { supportingDocumentOf, type SupportingDocument } from './supporting-document.js';

/** The envelope's supporting documents, oldest first. */
export const listAttachments = async (ctx: AppContext, caller: Caller, envelopeId: string): Promise<SupportingDocument[]> => {
  await loadEnvelope(ctx, ctx.db, caller.accountId, envelopeId);
  const rows = await ctx.db.selectFrom('attachments').selectAll().where('envelope_id', '=', envelopeId).orderBy('created_at').orderBy('name').orderBy('id').execute();
  return rows.map(supportingDocumentOf);
};

const notFound = (attachmentId: string) => new AppError('SUPPORTING_DOCUMENT_NOT_FOUND', `No supporting document ${attachmentId} in this envelope.`);

/** One supporting document with its bytes; another envelope's attachment id is unknown here. */
export const readAttachment = async (ctx: AppContext, caller: Caller, envelopeId: string, attachmentId: string) => {
  await loadEnvelope(ctx, ctx.db, caller.accountId, envelopeId);
  const row = await ctx.db.selectFrom('attachments').selectAll().where('id', '=', attachmentId).where('envelope_id', '=', envelopeId).executeTakeFirst();
  if (!row) throw notFound(attachmentId);
  const bytes = await ctx.blobs.get(row.sha256);
  if (!bytes) throw notFound(attachmentId);
  return { ...supportingDocumentOf(row), bytes };
};
