import { hasUnnumberedEntries, readLedgerState } from '../../infra/db/tables/ledger-table.js';
import type { AppContext } from '../context.js';
import { numberLedgerEntries } from './number-ledger-entries.js';

/**
 * The service-wide log as of now, every committed entry included, even one whose numbering a crash
 * interrupted; checked first, so that reading it takes no lock while nothing waits for a number.
 */
export const numberedLogState = async (ctx: AppContext) => {
  if (await hasUnnumberedEntries(ctx.db)) await numberLedgerEntries(ctx);
  return readLedgerState(ctx.db);
};
