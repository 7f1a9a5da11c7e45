import type { Db } from '../../infra/db/database.js';
import type { AppContext } from '../context.js';
import { numberLedgerEntries } from './number-ledger-entries.js';

/**
 * A use case's one transaction when it appends to the ledger: once it committed, its entries get
 * their block numbers (see recordLedgerEntry) before the use case answers.
 */
export const ledgerTransaction = async <T>(ctx: AppContext, work: (trx: Db) => Promise<T>): Promise<T> => {
  const result = await ctx.db.transaction().execute(work);
  await numberLedgerEntries(ctx);
  return result;
};
