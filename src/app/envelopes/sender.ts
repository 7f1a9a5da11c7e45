import type { Db } from '../../infra/db/database.js';
import { readAccountWithOwner } from '../../infra/db/tables/accounts-table.js';

/** The account's owner: who envelopes are "created by" and who decline and expiry notices go to. */
export const senderOf = async (db: Db, accountId: string) => {
  const found = await readAccountWithOwner(db, accountId);
  if (!found) throw new Error(`No account ${accountId}.`);
  return { userId: found.owner.id, name: found.owner.name, email: found.owner.email, accountName: found.account.name };
};
