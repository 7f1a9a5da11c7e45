import { AppError } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import { originalOf } from '../../infra/db/tables/document-original.js';
import { readTemplateDocuments, type Document } from '../../infra/db/tables/documents-table.js';
import { readTemplate, type Template } from '../../infra/db/tables/templates-table.js';
import type { StoredDocument } from '../documents/stored-document.js';
import type { TemplateRoles } from './template-roles.js';

/** A template of this service: its roles in the shape template requests give them. */
export type AccountTemplate = Template<TemplateRoles>;

/** An account's template that is not deleted; anything else (unknown, foreign, deleted) is TEMPLATE_NOT_FOUND. */
export const loadTemplate = async (db: Db, accountId: string, templateId: string): Promise<AccountTemplate> => {
  const template = await readTemplate<TemplateRoles>(db, accountId, templateId);
  if (!template) throw new AppError('TEMPLATE_NOT_FOUND', `No template ${templateId}.`);
  return template;
};

/** A template's document: its bytes by hash, and where its roles' anchor texts occur once known. */
export type TemplateDocument = StoredDocument & Pick<Document, 'id' | 'anchors'>;

/** The template's documents, whose blobs envelopes made from it reference by hash (no copy). */
export const templateDocuments = async (db: Db, templateId: string): Promise<TemplateDocument[]> =>
  (await readTemplateDocuments(db, templateId)).map((document) => {
    const { id, name, sha256, size, pages, anchors } = document;
    const original = originalOf(document);
    return { id, name, sha256, size, pages, anchors, ...(original ? { original } : {}) };
  });
