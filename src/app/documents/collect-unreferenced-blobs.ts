import { readReferencedHashes } from '../../infra/db/tables/blob-references.js';
import type { AppContext } from '../context.js';

/**
 * How long a blob may stay unreferenced before it is collected: its bytes are written before the
 * row that references them (an upload, a document, a sealed copy), so a younger blob may belong to
 * work still in progress. Longer than any request or job runs.
 */
export const BLOB_GRACE_PERIOD_MS = 24 * 3600_000;
/** Hashes looked up per query: well under both databases' limits on bound parameters. */
const BATCH = 500;

/**
 * Deletes the bytes no row references any more and that were last written before the grace period:
 * what a crash, a failed request or a purge of unused uploads left behind, on either document store.
 */
export const collectUnreferencedBlobs = async (ctx: AppContext): Promise<number> => {
  const cutoff = new Date(ctx.clock.now().getTime() - BLOB_GRACE_PERIOD_MS);
  const candidates = await ctx.blobs.listWrittenBefore(cutoff);
  let deleted = 0;
  for (let start = 0; start < candidates.length; start += BATCH) {
    const batch = candidates.slice(start, start + BATCH);
    const referenced = await readReferencedHashes(ctx.db, batch);
    for (const sha256 of batch.filter((hash) => !referenced.has(hash))) {
      if (await ctx.blobs.deleteIfWrittenBefore(sha256, cutoff)) deleted++;
    }
  }
  return deleted;
};
