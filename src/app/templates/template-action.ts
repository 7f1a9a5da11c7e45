import { updateTemplate } from '../../infra/db/tables/templates-table.js';
import type { AppContext, Caller } from '../context.js';
import { loadTemplate, type AccountTemplate } from './load-template.js';

export const TEMPLATE_ACTIONS = ['activate', 'deactivate', 'delete'] as const;
export type TemplateAction = (typeof TEMPLATE_ACTIONS)[number];

/**
 * Activates, deactivates or deletes a template, and answers it as it is afterwards. Deletion only
 * hides it: envelopes made from it keep their own document rows and recipients, and share its
 * blobs by hash.
 */
export const applyTemplateAction = async (
  ctx: AppContext,
  caller: Caller,
  templateId: string,
  action: TemplateAction,
): Promise<AccountTemplate> => {
  const template = await loadTemplate(ctx.db, caller.accountId, templateId);
  const changes: Partial<AccountTemplate> =
    action === 'delete' ? { deletedAt: ctx.clock.now().toISOString() } : { status: action === 'activate' ? 'Active' : 'Inactive' };
  await updateTemplate(ctx.db, template.id, changes);
  return { ...template, ...changes };
};
