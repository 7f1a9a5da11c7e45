import { AppError } from '../../domain/app-error.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import { listApiClients } from '../../infra/db/tables/api-clients-table.js';
import type { AppContext } from '../context.js';
import type { ListPage, ListedPage } from './list-page.js';

/** A client as the operator's list shows it: never its secret, which is not stored anyway (only its hash, not shown either). */
export interface ListedClient {
  clientId: string;
  accountId: string;
  createdAt: string;
  revokedAt: string | null;
}

/** The operator's list of API clients (`countersign client list`), of one account or of all, oldest first. */
export const listClients = async (ctx: AppContext, filter: ListPage & { accountId?: string }): Promise<ListedPage<ListedClient>> => {
  if (filter.accountId && !(await readAccount(ctx.db, filter.accountId)))
    throw new AppError('ACCOUNT_NOT_FOUND', `No account ${filter.accountId}.`);
  const rows = await listApiClients(ctx.db, { ...filter, limit: filter.limit + 1 });
  return {
    items: rows
      .slice(0, filter.limit)
      .map((c) => ({ clientId: c.id, accountId: c.accountId, createdAt: c.createdAt, revokedAt: c.revokedAt })),
    more: rows.length > filter.limit,
  };
};
