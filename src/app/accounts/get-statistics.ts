import { readEnvelopeStatistics, type EnvelopeStatistics } from '../../infra/db/tables/envelope-statistics-table.js';
import type { AppContext } from '../context.js';
import { monthWindow } from './month-window.js';

export type AccountStatistics = EnvelopeStatistics;

/**
 * The account's envelopes by effective status (past-due open envelopes count as Expired), this
 * calendar month's activity (UTC), and how long completion takes on average. Deleted envelopes
 * are left out.
 */
export const getStatistics = (ctx: AppContext, accountId: string): Promise<AccountStatistics> => {
  const now = ctx.clock.now();
  return readEnvelopeStatistics(ctx.db, accountId, now, monthWindow(now));
};
