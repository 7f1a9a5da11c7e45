import type { Db } from '../../infra/db/database.js';
import { monthWindow } from './month-window.js';

/** Envelopes count against the quota of the calendar month (UTC) they were created in; deleting one gives nothing back. */
export const envelopesCreatedThisMonth = async (db: Db, accountId: string, now: Date): Promise<number> => {
  const { start, end } = monthWindow(now);
  const row = await db
    .selectFrom('envelopes')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('account_id', '=', accountId)
    .where('created_at', '>=', start.toISOString())
    .where('created_at', '<', end.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
};
