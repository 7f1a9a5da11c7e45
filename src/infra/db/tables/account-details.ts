import type { Db } from '../database.js';
import { preparedQuery } from '../prepared-query.js';
import { accountCodec, type Account } from './accounts-table.js';

export interface AccountDetailsRead {
  account: Account;
  owner: { name: string; email: string };
  /** Envelopes created in the window, deleted ones included. */
  envelopesCreated: number;
}

/** The account, its owner and its envelopes created in a window, in one statement. */
const accountDetailsQuery = preparedQuery((db: Db, accountId: string, start: string, end: string) =>
  db
    .selectFrom('accounts as a')
    .innerJoin('users as u', 'u.id', 'a.owner_user_id')
    .selectAll('a')
    .select(['u.name as owner_name', 'u.email as owner_email'])
    .select((eb) =>
      eb
        .selectFrom('envelopes as e')
        .select(eb.fn.countAll().as('count'))
        .whereRef('e.account_id', '=', 'a.id')
        .where('e.created_at', '>=', start)
        .where('e.created_at', '<', end)
        .as('envelopes_created'),
    )
    .where('a.id', '=', accountId),
);

export const readAccountDetails = async (
  db: Db,
  accountId: string,
  window: { start: string; end: string },
): Promise<AccountDetailsRead | undefined> => {
  const [row] = await accountDetailsQuery(db, accountId, window.start, window.end);
  if (!row) return undefined;
  const { owner_name, owner_email, envelopes_created, ...account } = row;
  return {
    account: accountCodec.fromRow(account),
    owner: { name: owner_name, email: owner_email },
    envelopesCreated: Number(envelopes_created),
  };
};
