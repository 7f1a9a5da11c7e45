import { deleteUnsentBuilderDraftsBefore } from '../../infra/db/tables/builder-drafts-table.js';
import { deleteBuilderTokensExpiredBefore } from '../../infra/db/tables/builder-tokens-table.js';
import type { AppContext } from '../context.js';

/**
 * How long a composer's draft is kept unsent, and a builder's token past its expiry: far past the longest a builder can live (its URL's 10
 * minutes, then its session's hour), so no open composer loses its draft.
 */
const DRAFT_RETENTION_MS = 24 * 3600_000;

/**
 * Forgets the builders' expired tokens and the drafts no composer can send any more; their documents'
 * blobs become unreferenced and the blob collector deletes them in turn.
 */
export const purgeBuilderDrafts = async (ctx: AppContext): Promise<number> => {
  // Spent URL tokens still tell which origins may frame a reloaded page (builderTokenFramable): kept as long as drafts.
  const cutoff = new Date(ctx.clock.now().getTime() - DRAFT_RETENTION_MS).toISOString();
  await deleteBuilderTokensExpiredBefore(ctx.db, cutoff);
  return deleteUnsentBuilderDraftsBefore(ctx.db, cutoff);
};
