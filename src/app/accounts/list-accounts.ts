import { listAccountsWithOwners } from '../../infra/db/tables/accounts-table.js';
import type { AppContext } from '../context.js';
import type { ListPage, ListedPage } from './list-page.js';

export interface ListedAccount {
  accountId: string;
  name: string;
  plan: string;
  ownerName: string;
  ownerEmail: string;
  createdAt: string;
}

/** The operator's list of accounts (`countersign account list`), a page at a time, oldest first. */
export const listAccounts = async (ctx: AppContext, page: ListPage): Promise<ListedPage<ListedAccount>> => {
  const rows = await listAccountsWithOwners(ctx.db, { limit: page.limit + 1, offset: page.offset });
  return {
    items: rows.slice(0, page.limit).map((a) => ({
      accountId: a.id,
      name: a.name,
      plan: a.plan,
      ownerName: a.ownerName,
      ownerEmail: a.ownerEmail,
      createdAt: a.createdAt,
    })),
    more: rows.length > page.limit,
  };
};
