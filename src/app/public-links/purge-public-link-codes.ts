import { deletePublicLinkCodesCreatedBefore } from '../../infra/db/tables/public-link-codes-table.js';
import type { AppContext } from '../context.js';

/**
 * A code lives 10 minutes and the per-address and per-IP limits look back one hour: a day later a
 * code row serves nothing, and keeping visitors' addresses longer than that would only be a liability.
 */
const PUBLIC_LINK_CODE_RETENTION_MS = 24 * 3600_000;

export const purgePublicLinkCodes = async (ctx: AppContext): Promise<void> => {
  await deletePublicLinkCodesCreatedBefore(ctx.db, new Date(ctx.clock.now().getTime() - PUBLIC_LINK_CODE_RETENTION_MS).toISOString());
};
