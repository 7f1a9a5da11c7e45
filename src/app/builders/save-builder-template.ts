import type { AppContext } from '../context.js';
import { editTemplateOf } from '../templates/edit-template.js';
import type { TemplateWithDocuments } from '../templates/get-template.js';
import type { TemplateRoles } from '../templates/template-roles.js';
import { kindMismatch, requireBuilderSession } from './builder-tokens.js';

/** The template editor's Save: the roles and their fields, checked as PUT /templates/{templateId} checks them. */
export const saveBuilderTemplate = async (ctx: AppContext, rawToken: string, roles: TemplateRoles): Promise<TemplateWithDocuments> => {
  const { subject, accountId } = await requireBuilderSession(ctx, rawToken);
  if (subject.kind !== 'template') throw kindMismatch('template');
  return editTemplateOf(ctx, accountId, subject.templateId, { roles });
};
