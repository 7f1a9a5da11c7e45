import { deleteUnusedUploadsCreatedBefore } from '../../infra/db/tables/uploads-table.js';
import type { AppContext } from '../context.js';

const UNUSED_UPLOAD_LIFETIME_MS = 24 * 3600_000;

/** Uploads never used by an envelope or template are forgotten after 24 h (API.md §3). */
export const purgeUnusedUploads = async (ctx: AppContext): Promise<void> => {
  const cutoff = new Date(ctx.clock.now().getTime() - UNUSED_UPLOAD_LIFETIME_MS).toISOString();
  await deleteUnusedUploadsCreatedBefore(ctx.db, cutoff);
};
