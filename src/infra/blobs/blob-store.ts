import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.js';
import { systemClock, type Clock } from '../../domain/clock.js';
import type { Db } from '../db/database.js';
import { sha256Hex } from '../hash.js';
import { newSecret } from '../ids.js';

/**
 * Document bytes, content-addressed by SHA-256: an envelope made from a template shares the
 * template's bytes instead of copying them. The bytes live on disk (`fs`) or in the database's
 * `blobs` table (`db`). Every write stamps the blob with the time it was (last) written, which is
 * what lets unreferenced blobs be collected only after a grace period.
 */
export interface BlobStore {
  /** Stores the bytes (again) and returns their hash; writing existing bytes renews their write time. */
  put(bytes: Uint8Array): Promise<string>;
  get(sha256: string): Promise<Uint8Array | undefined>;
  delete(sha256: string): Promise<void>;
  /** The hashes of the blobs last written before `cutoff` (clearing what writes that crashed before then left behind). */
  listWrittenBefore(cutoff: Date): Promise<string[]>;
  /** Deletes the blob unless it was written again since `cutoff`; true when it deleted it. */
  deleteIfWrittenBefore(sha256: string, cutoff: Date): Promise<boolean>;
}

const HASH = /^[0-9a-f]{64}$/;
const TEMPORARY = /^[0-9a-f]{64}\..+\.tmp$/;

const fsBlobStore = (root: string, clock: Clock): BlobStore => {
  const pathOf = (sha: string) => join(root, sha.slice(0, 2), sha);
  const writtenAt = async (path: string) => (await stat(path).catch(() => undefined))?.mtimeMs;
  /** Every file of the store, with whether it is a blob or the leftover of a write that never finished. */
  const files = async function* () {
    for (const shard of await readdir(root).catch(() => [])) {
      for (const name of await readdir(join(root, shard)).catch(() => [])) {
        if (HASH.test(name) || TEMPORARY.test(name)) yield { name, path: join(root, shard, name), temporary: !HASH.test(name) };
      }
    }
  };
  return {
    put: async (bytes) => {
      const sha = sha256Hex(bytes);
      const path = pathOf(sha);
      await mkdir(join(root, sha.slice(0, 2)), { recursive: true });
      // Write then rename: a reader never sees half a file, and concurrent writers of one hash agree.
      const temporary = `${path}.${newSecret('')}.tmp`;
      await writeFile(temporary, bytes, { flush: true });
      const now = clock.now();
      await utimes(temporary, now, now);
      await rename(temporary, path);
      return sha;
    },
    get: async (sha) =>
      readFile(pathOf(sha))
        .then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength))
        .catch(() => undefined),
    delete: async (sha) => rm(pathOf(sha), { force: true }),
    listWrittenBefore: async (cutoff) => {
      const hashes: string[] = [];
      for await (const file of files()) {
        const time = await writtenAt(file.path);
        if (time === undefined || time >= cutoff.getTime()) continue;
        // A temporary file this old belongs to a write that crashed: nothing will ever rename it.
        if (file.temporary) await rm(file.path, { force: true });
        else hashes.push(file.name);
      }
      return hashes;
    },
    deleteIfWrittenBefore: async (sha, cutoff) => {
      const time = await writtenAt(pathOf(sha));
      if (time === undefined || time >= cutoff.getTime()) return false;
      await rm(pathOf(sha), { force: true });
      return true;
    },
  };
};

const dbBlobStore = (db: Db, clock: Clock): BlobStore => ({
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

export const createBlobStore = (config: Config, db: Db, clock: Clock = systemClock): BlobStore =>
  config.documentStore.kind === 'db' ? dbBlobStore(db, clock) : fsBlobStore(join(config.dataDir, 'blobs'), clock);
