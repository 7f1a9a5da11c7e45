import type { AppContext, Caller } from '../context.js';
import { loadTemplate } from './load-template.js';

export const TEMPLATE_ACTIONS = ['activate', 'deactivate', 'delete'] as const;
export type TemplateAction = (typeof TEMPLATE_ACTIONS)[number];

/**
 * Activates, deactivates or deletes a template. Deletion only hides it: envelopes made from it keep
 * their own document rows and recipients, and share its blobs by hash.
 */
export const applyTemplateAction = async (ctx: AppContext, caller: Caller, templateId: string, action: TemplateAction) => {
  const template = await loadTemplate(ctx.db, caller.accountId, templateId);
  if (action === 'delete') {
    await ctx.db.updateTable('templates').set({ deleted_at: ctx.clock.now().toISOString() }).where('id', '=', template.id).execute();
    return { template_id: template.id, name: template.name, status: template.status, deleted: true };
  }
  const status = action === 'activate' ? 'Active' : 'Inactive';
  await ctx.db.updateTable('templates').set({ status }).where('id', '=', template.id).execute();
  return { template_id: template.id, name: template.name, status, deleted: false };
};
