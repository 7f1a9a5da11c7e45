import { readInstanceSetting, writeInstanceSetting } from '../../infra/db/tables/instance-settings-table.js';
import type { AppContext } from '../context.js';

/** Recorded at every start of the service, so that commands run elsewhere print links to it. */
export const recordServedPublicUrl = async (ctx: AppContext): Promise<void> =>
  writeInstanceSetting(ctx.db, 'public_url', ctx.config.publicUrl, ctx.clock.now());

/** The PUBLIC_URL the service last started with, if it ever started on this database. */
export const readServedPublicUrl = async (ctx: AppContext): Promise<string | undefined> => readInstanceSetting(ctx.db, 'public_url');
