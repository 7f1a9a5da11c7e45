import { isReady } from '../../infra/db/database.js';
import type { AppContext } from '../context.js';

/** Ready to serve: the database answers and every migration is applied. */
export const checkReadiness = (ctx: AppContext): Promise<boolean> => isReady(ctx.db);
