import type { AppContext, Caller } from '../context.js';
import { templateView } from './template-view.js';

export interface TemplatePage {
  page: number;
  pageSize: number;
}

/** The account's templates that are not deleted, newest first. */
export const listTemplates = async (ctx: AppContext, caller: Caller, { page, pageSize }: TemplatePage) => {
  const mine = ctx.db.selectFrom('templates').where('account_id', '=', caller.accountId).where('deleted_at', 'is', null);
  const rows = await mine.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(pageSize).offset((page - 1) * pageSize).execute();
  const { total } = await mine.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
  return {
    templates: rows.map((row) => {
      const { template_id, name, status, created_at, roles } = templateView(row);
      return { template_id, name, status, created_at, roles };
    }),
    page,
    page_size: pageSize,
    total: Number(total),
  };
};
