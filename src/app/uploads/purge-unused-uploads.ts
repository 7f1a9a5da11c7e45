import { deleteSignerAttachmentsOfClosedEnvelopes } from '../../infra/db/tables/signer-attachments-table.js';
import { deleteUnusedUploadsCreatedBefore } from '../../infra/db/tables/uploads-table.js';
import type { AppContext } from '../context.js';

const UNUSED_UPLOAD_LIFETIME_MS = 24 * 3600_000;

/**
 * Uploads never used by an envelope or template are forgotten after 24 h (docs/concepts/envelopes.md); so are the
 * files signers uploaded to envelopes that ended without them (declined, cancelled, expired, deleted,
 * or completed with another file in the field). The blob collector then deletes their bytes.
 */
export const purgeUnusedUploads = async (ctx: AppContext): Promise<void> => {
  const cutoff = new Date(ctx.clock.now().getTime() - UNUSED_UPLOAD_LIFETIME_MS).toISOString();
  await deleteUnusedUploadsCreatedBefore(ctx.db, cutoff);
  await deleteSignerAttachmentsOfClosedEnvelopes(ctx.db);
};
