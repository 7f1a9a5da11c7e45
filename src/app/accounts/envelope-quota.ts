import type { Db } from '../../infra/db/database.js';
import type { AppContext } from '../context.js';

/** Envelopes count against the quota of the month they were created in. None exist before envelopes do. */
export const envelopesCreatedThisMonth = async (_ctx: AppContext, _db: Db, _accountId: string, _now: Date): Promise<number> => 0;
