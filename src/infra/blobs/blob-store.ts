import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from '../db/database.js';
import { sha256Hex } from '../hash.js';
import { newSecret } from '../ids.js';

/**
 * Document bytes, content-addressed by SHA-256: an envelope made from a template shares the
 * template's bytes instead of copying them. The database's `blobs` table is the index in both
 * stores (sizes, and which hashes exist); the bytes live on disk or in that table.
 */
export interface BlobStore {
  put(bytes: Uint8Array): Promise<string>;
  get(sha256: string): Promise<Uint8Array | undefined>;
  delete(sha256: string): Promise<void>;
}

const fsBlobStore = (root: string): BlobStore => {
  const pathOf = (sha: string) => join(root, sha.slice(0, 2), sha);
  return {
    put: async (bytes) => {
      const sha = sha256Hex(bytes);
      const path = pathOf(sha);
      await mkdir(join(root, sha.slice(0, 2)), { recursive: true });
      // Write then rename: a reader never sees half a file, and concurrent writers of one hash agree.
      const temporary = `${path}.${newSecret('')}.tmp`;
      await writeFile(temporary, bytes, { flush: true });
      await rename(temporary, path);
      return sha;
    },
    get: async (sha) =>
      readFile(pathOf(sha))
        .then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength))
        .catch(() => undefined),
    delete: async (sha) => rm(pathOf(sha), { force: true }),
  };
};

const dbBlobStore = (db: Db): BlobStore => ({
  put: async (bytes) => {
    const sha = sha256Hex(bytes);
    await db
      .insertInto('blobs')
      .values({ sha256: sha, size: bytes.byteLength, content: Buffer.from(bytes), created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('sha256').doUpdateSet({ content: Buffer.from(bytes) }))
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
});

export const createBlobStore = (config: Config, db: Db): BlobStore =>
  config.documentStore.kind === 'db' ? dbBlobStore(db) : fsBlobStore(join(config.dataDir, 'blobs'));
