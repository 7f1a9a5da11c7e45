import type { Clock } from '../../domain/clock.js';
import type { Db } from '../db/database.js';
import { sha256Hex } from '../hash.js';
import type { BlobStore } from './blob-store.js';

/** Blobs as rows of the `blobs` table, their write time `created_at` (from the clock). */
export const dbBlobStore = (db: Db, clock: Clock): BlobStore => ({
  put: async (bytes) => {
    const sha = sha256Hex(bytes);
    const writtenAt = clock.now().toISOString();
    await db
      .insertInto('blobs')
      .values({ sha256: sha, size: bytes.byteLength, content: Buffer.from(bytes), created_at: writtenAt })
      .onConflict((oc) => oc.column('sha256').doUpdateSet({ content: Buffer.from(bytes), created_at: writtenAt }))
      .execute();
    return sha;
  },
  get: async (sha) => {
    const row = await db.selectFrom('blobs').select('content').where('sha256', '=', sha).executeTakeFirst();
    return row?.content ? new Uint8Array(row.content) : undefined;
  },
  delete: async (sha) => {
    await db.updateTable('blobs').set({ content: null }).where('sha256', '=', sha).execute();
  },
  listWrittenBefore: async (cutoff) =>
    (await db.selectFrom('blobs').select('sha256').where('created_at', '<', cutoff.toISOString()).execute()).map((row) => row.sha256),
  // One statement: a put of the same bytes in between renews `created_at`, and the row stays.
  deleteIfWrittenBefore: async (sha, cutoff) => {
    const result = await db.deleteFrom('blobs').where('sha256', '=', sha).where('created_at', '<', cutoff.toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
});
