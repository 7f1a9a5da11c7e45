import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../domain/clock.js';
import { sha256Hex } from '../hash.js';
import { newSecret } from '../ids.js';
import { translateStorageFull } from '../storage-full.js';
import type { BlobStore } from './blob-store.js';

const HASH = /^[0-9a-f]{64}$/;
const TEMPORARY = /^[0-9a-f]{64}\..+\.tmp$/;
/** A temporary file's name carries the clock's time of its write: its mtime is the real time until the write ends. */
const TEMPORARY_WRITTEN_AT = /^[0-9a-f]{64}\.(\d+)\..+\.tmp$/;

/**
 * Blobs as files `<root>/<sha[0..2]>/<sha>`, their write time the file's mtime (from the clock).
 * deleteIfWrittenBefore reads the time, then unlinks: a put of the same bytes between the two is
 * lost (docs/contributing/architecture.md "Documents" gives the bound).
 */
export const fsBlobStore = (root: string, clock: Clock): BlobStore => {
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
      // Write then rename: a reader never sees half a file, and concurrent writers of one hash agree.
      const now = clock.now();
      const temporary = `${path}.${now.getTime()}.${newSecret('')}.tmp`;
      try {
        await mkdir(join(root, sha.slice(0, 2)), { recursive: true });
        await writeFile(temporary, bytes, { flush: true });
        await utimes(temporary, now, now);
        await rename(temporary, path);
      } catch (error) {
        // Half a file on a full disk holds space the next write needs.
        await rm(temporary, { force: true });
        translateStorageFull(error);
      }
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
        const named = TEMPORARY_WRITTEN_AT.exec(file.name)?.[1];
        const time = named ? Number(named) : await writtenAt(file.path);
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
