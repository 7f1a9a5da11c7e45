import { AppError } from '../../domain/app-error.js';
import type { AppContext } from '../context.js';
import { readTemplateDocumentBytes } from '../templates/get-template.js';
import { requireBuilderSession } from './builder-tokens.js';
import { loadComposeDraft } from './compose-drafts.js';

/** The PDF of one of the documents a builder edits, for its page to render. */
export const readBuilderDocument = async (
  ctx: AppContext,
  rawToken: string,
  documentId: string,
): Promise<{ name: string; bytes: Uint8Array }> => {
  const { subject, accountId } = await requireBuilderSession(ctx, rawToken);
  if (subject.kind === 'template') return readTemplateDocumentBytes(ctx, accountId, subject.templateId, documentId);
  const { documents } = await loadComposeDraft(ctx.db, accountId, subject.draftId);
  const document = documents.find((d) => d.id === documentId);
  if (!document) throw new AppError('DOCUMENT_NOT_FOUND', `The draft has no document ${documentId}.`);
  const bytes = await ctx.blobs.get(document.sha256);
  if (!bytes) throw new AppError('DOCUMENT_REMOVED', `The document ${documentId} was removed.`);
  return { name: document.name, bytes };
};
