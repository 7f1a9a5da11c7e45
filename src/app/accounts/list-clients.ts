import { AppError } from '../../domain/app-error.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import { listAccountApiClients, listApiClients, type ApiClient } from '../../infra/db/tables/api-clients-table.js';
import type { AppContext } from '../context.js';
import type { ListPage, ListedPage } from './list-page.js';

/** A client as the operator's list shows it: never its secret, which is not stored anyway (only its hash, not shown either). */
export interface ListedClient {
  clientId: string;
  accountId: string;
  description: string | null;
  createdAt: string;
  revokedAt: string | null;
}

const listed = (c: ApiClient): ListedClient => ({
  clientId: c.id,
  accountId: c.accountId,
  description: c.description,
  createdAt: c.createdAt,
  revokedAt: c.revokedAt,
});

/** The operator's list of API clients (`countersign client list`), of one account or of all, oldest first. */
export const listClients = async (ctx: AppContext, filter: ListPage & { accountId?: string }): Promise<ListedPage<ListedClient>> => {
  if (filter.accountId && !(await readAccount(ctx.db, filter.accountId)))
    throw new AppError('ACCOUNT_NOT_FOUND', `No account ${filter.accountId}.`);
  const rows = await listApiClients(ctx.db, { ...filter, limit: filter.limit + 1 });
  return {
    items: rows.slice(0, filter.limit).map(listed),
    more: rows.length > filter.limit,
  };
};

/** How many clients `GET /account/clients` shows: every active one (at most 50) and the latest revoked ones. */
export const MAX_LISTED_ACCOUNT_CLIENTS = 200;

/** `GET /account/clients`: the account's own clients, active ones first, then newest first. */
export const listAccountClients = async (ctx: AppContext, accountId: string): Promise<ListedClient[]> =>
  (await listAccountApiClients(ctx.db, accountId, MAX_LISTED_ACCOUNT_CLIENTS)).map(listed);
