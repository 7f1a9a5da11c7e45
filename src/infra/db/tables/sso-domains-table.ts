import type { Db } from '../database.js';

/**
 * Gives the account the domains it does not hold yet and lets go of those it no longer lists.
 * Returns the domains another account holds (the caller then rolls back): the primary key decides,
 * so of two accounts racing for a domain the second waits for the first and finds it taken.
 */
export const claimSsoDomains = async (db: Db, accountId: string, domains: string[]): Promise<string[]> => {
  await db.deleteFrom('sso_domains').where('account_id', '=', accountId).where('domain', 'not in', domains).execute();
  await db
    .insertInto('sso_domains')
    .values(domains.map((domain) => ({ domain, account_id: accountId })))
    .onConflict((conflict) => conflict.column('domain').doNothing())
    .execute();
  const taken = await db
    .selectFrom('sso_domains')
    .select('domain')
    .where('domain', 'in', domains)
    .where('account_id', '<>', accountId)
    .orderBy('domain')
    .execute();
  return taken.map((row) => row.domain);
};

export const releaseSsoDomains = async (db: Db, accountId: string): Promise<void> => {
  await db.deleteFrom('sso_domains').where('account_id', '=', accountId).execute();
};
