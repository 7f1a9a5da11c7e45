import { AppError } from '../../domain/app-error.js';
import { updateDocument } from '../../infra/db/tables/documents-table.js';
import { updateTemplate } from '../../infra/db/tables/templates-table.js';
import type { AppContext, Caller } from '../context.js';
import { placeSignerFields } from '../envelopes/place-fields.js';
import { readTemplateWithDocuments, type TemplateWithDocuments } from './get-template.js';
import { assertTemplateRoles, type TemplateRoles } from './template-roles.js';

export interface TemplateChanges {
  name?: string;
  description?: string;
  roles?: TemplateRoles;
}

/**
 * Changes a template's name, description or roles. New roles are checked exactly as at creation
 * (unique titles, every field placed within its document's real pages), so an edited template still
 * never yields an invalid envelope; where their anchor texts occur is kept with the documents again.
 */
export const editTemplateOf = async (
  ctx: AppContext,
  accountId: string,
  templateId: string,
  changes: TemplateChanges,
): Promise<TemplateWithDocuments> => {
  if (changes.name === undefined && changes.description === undefined && changes.roles === undefined) {
    throw new AppError('NOTHING_TO_UPDATE', 'Give name, description or roles.');
  }
  const { template, documents } = await readTemplateWithDocuments(ctx.db, accountId, templateId);
  let anchors: (TemplateWithDocuments['documents'][number]['anchors'] | undefined)[] = [];
  if (changes.roles) {
    await assertTemplateRoles(ctx.db, accountId, changes.roles);
    // Field placement reads only the fields; a role has no person yet.
    const roleSigners = changes.roles.signers.map((role) => ({ ...(role.fields ? { fields: role.fields } : {}) }));
    anchors = (await placeSignerFields(ctx, roleSigners, documents, 'roles.signers')).anchors;
  }
  const edited = {
    ...template,
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.description !== undefined ? { description: changes.description } : {}),
    ...(changes.roles ? { roles: changes.roles } : {}),
  };
  const editedDocuments = documents.map((doc, i) => (anchors[i] ? { ...doc, anchors: anchors[i] } : doc));
  await ctx.db.transaction().execute(async (trx) => {
    await updateTemplate(trx, template.id, { name: edited.name, description: edited.description, roles: edited.roles });
    for (const [i, doc] of editedDocuments.entries()) {
      if (anchors[i]) await updateDocument(trx, doc.id, { anchors: doc.anchors });
    }
  });
  return { template: edited, documents: editedDocuments };
};

export const editTemplate = (ctx: AppContext, caller: Caller, templateId: string, changes: TemplateChanges) =>
  editTemplateOf(ctx, caller.accountId, templateId, changes);
