import type { Db } from '../../infra/db/database.js';
import { countEnvelopesCreated } from '../../infra/db/tables/envelope-statistics-table.js';
import { monthWindow } from './month-window.js';

/** Envelopes count against the quota of the calendar month (UTC) they were created in; deleting one gives nothing back. */
export const envelopesCreatedThisMonth = async (db: Db, accountId: string, now: Date): Promise<number> => {
  const { start, end } = monthWindow(now);
  return countEnvelopesCreated(db, accountId, start, end);
};
