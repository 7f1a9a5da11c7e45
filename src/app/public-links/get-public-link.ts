import { AppError } from '../../domain/app-error.js';
import { readPublicLinkOfTemplate, type PublicLink } from '../../infra/db/tables/public-links-table.js';

export type { PublicLink } from '../../infra/db/tables/public-links-table.js';
import type { AppContext, Caller } from '../context.js';
import { loadTemplate } from '../templates/load-template.js';

/** `GET /templates/{id}/public_link`: the template's link, with how often it was used. */
export const getPublicLink = async (ctx: AppContext, caller: Caller, templateId: string): Promise<PublicLink> => {
  const template = await loadTemplate(ctx.db, caller.accountId, templateId);
  const link = await readPublicLinkOfTemplate(ctx.db, template.id);
  if (!link) throw new AppError('PUBLIC_LINK_NOT_FOUND', `Template ${template.id} has no public link.`);
  return link;
};
