import { readTemplatePage } from '../../infra/db/tables/templates-table.js';
import type { AppContext, Caller } from '../context.js';
import type { AccountTemplate } from './load-template.js';
import type { TemplateRoles } from './template-roles.js';

export interface TemplatePage {
  page: number;
  pageSize: number;
}

export interface TemplateList extends TemplatePage {
  templates: AccountTemplate[];
  total: number;
}

/** The account's templates that are not deleted, newest first. */
export const listTemplates = async (ctx: AppContext, caller: Caller, { page, pageSize }: TemplatePage): Promise<TemplateList> => {
  const { templates, total } = await readTemplatePage<TemplateRoles>(ctx.db, caller.accountId, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { templates, page, pageSize, total };
};
