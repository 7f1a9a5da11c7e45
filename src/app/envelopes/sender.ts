import type { Db } from '../../infra/db/database.js';

/** The account's owner: who envelopes are "created by" and who decline and expiry notices go to. */
export const senderOf = async (db: Db, accountId: string) => {
  const row = await db
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.owner_user_id')
    .select(['users.id as userId', 'users.name', 'users.email', 'accounts.name as accountName'])
    .where('accounts.id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row;
};
