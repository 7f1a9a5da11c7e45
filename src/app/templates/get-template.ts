import { AppError } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import type { AppContext, Caller } from '../context.js';
import { loadTemplate, templateDocuments, type AccountTemplate, type TemplateDocument } from './load-template.js';

/** A template with its documents: what its editor shows. */
export interface TemplateWithDocuments {
  template: AccountTemplate;
  documents: TemplateDocument[];
}

/** An account's template (not deleted) and its documents, in order. */
export const readTemplateWithDocuments = async (db: Db, accountId: string, templateId: string): Promise<TemplateWithDocuments> => {
  const template = await loadTemplate(db, accountId, templateId);
  return { template, documents: await templateDocuments(db, template.id) };
};

export const getTemplate = (ctx: AppContext, caller: Caller, templateId: string): Promise<TemplateWithDocuments> =>
  readTemplateWithDocuments(ctx.db, caller.accountId, templateId);

/** The PDF of one of a template's documents (an account's, not deleted). */
export const readTemplateDocumentBytes = async (
  ctx: AppContext,
  accountId: string,
  templateId: string,
  documentId: string,
): Promise<{ name: string; bytes: Uint8Array }> => {
  const { documents } = await readTemplateWithDocuments(ctx.db, accountId, templateId);
  const document = documents.find((d) => d.id === documentId);
  if (!document) throw new AppError('DOCUMENT_NOT_FOUND', `The template has no document ${documentId}.`);
  const bytes = await ctx.blobs.get(document.sha256);
  if (!bytes) throw new AppError('DOCUMENT_REMOVED', `The document ${documentId} was removed.`);
  return { name: document.name, bytes };
};

export const getTemplateDocument = (ctx: AppContext, caller: Caller, templateId: string, documentId: string) =>
  readTemplateDocumentBytes(ctx, caller.accountId, templateId, documentId);
