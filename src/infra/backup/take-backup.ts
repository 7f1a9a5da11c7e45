import { mkdir, readdir } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { Config } from '../../config.js';
import type { Clock } from '../../domain/clock.js';
import { openSqliteConnection } from '../db/database.js';
import { BACKUP_PATH, DATABASE_FILE, newManifest, writeManifest, type BackupManifest, type ManifestEntry } from './backup-manifest.js';
import { copyHashed, hashFile } from './hashed-copy.js';

type BackupConfig = Pick<Config, 'dataDir' | 'database' | 'documentStore'>;

const HASH = /^[0-9a-f]{64}$/;
const SHARD = /^[0-9a-f]{2}$/;
/** More pages than any database has: the whole snapshot in one step (see snapshotSqlite). */
const ALL_PAGES = 0x7fffffff;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const namesOf = async (dir: string): Promise<string[]> =>
  readdir(dir).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)));

/** Creates `to` (readable by its owner only: it holds the keys), or takes it when it exists and is empty. */
const emptyDirectory = async (to: string, dataDir: string): Promise<void> => {
  const fromDataDir = relative(dataDir, to);
  const outside = fromDataDir === '..' || fromDataDir.startsWith(`..${sep}`) || isAbsolute(fromDataDir);
  if (!outside) {
    throw new Error(`Backup refused: ${to} is inside DATA_DIR (${dataDir}): give a directory outside it`);
  }
  await mkdir(to, { recursive: true, mode: 0o700 });
  const present = await readdir(to);
  if (present.length > 0) throw new Error(`Backup refused: ${to} is not empty (it holds ${present[0]}): give a new or empty directory`);
};

/**
 * SQLite's online backup through a connection of its own, while the service goes on writing. Copied
 * in one step, the snapshot is taken inside one read transaction (which in WAL mode blocks no writer);
 * in steps, every write between two of them would restart the copy, and a busy service might never let it end.
 */
const snapshotSqlite = async (file: string, target: string): Promise<void> => {
  const source = (() => {
    try {
      return openSqliteConnection(file, { fileMustExist: true });
    } catch (error) {
      throw new Error(`Backup failed: cannot open the database ${file} (${(error as Error).message})`);
    }
  })();
  try {
    await source.backup(target, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
};

/** The fs store's blobs, named by their hash; a write's leftover temporary file is not a blob. */
const copyBlobs = async (dataDir: string, to: string, files: ManifestEntry[]): Promise<void> => {
  const root = join(dataDir, 'blobs');
  for (const shard of (await namesOf(root)).filter((name) => SHARD.test(name)).sort()) {
    const names = (await namesOf(join(root, shard))).filter((name) => HASH.test(name)).sort();
    if (names.length > 0) await mkdir(join(to, 'blobs', shard), { recursive: true });
    for (const name of names) {
      const path = `blobs/${shard}/${name}`;
      try {
        files.push({ path, ...(await copyHashed(join(root, shard, name), join(to, path))) });
      } catch (error) {
        // Deleted since the snapshot (a purge, a deleted envelope): the snapshot may name it, the service no longer does.
        if (!isMissing(error)) throw error;
      }
    }
  }
};

/** DATA_DIR/keys: the generated keys, and whatever the operator keeps beside them; never a key being written (*.tmp). */
const copyKeys = async (dataDir: string, to: string, files: ManifestEntry[]): Promise<void> => {
  const root = join(dataDir, 'keys');
  const names = (await namesOf(root)).filter((name) => !name.endsWith('.tmp')).sort();
  if (names.length > 0) await mkdir(join(to, 'keys'), { recursive: true, mode: 0o700 });
  for (const name of names) {
    const path = `keys/${name}`;
    if (!BACKUP_PATH.test(path)) throw new Error(`Backup failed: ${join(root, name)} has a name a backup cannot hold`);
    files.push({ path, ...(await copyHashed(join(root, name), join(to, path), 0o600)) });
  }
};

/**
 * A consistent copy of the installation into the new or empty directory `to`: the SQLite database
 * first, then the fs store's blobs (so every document the snapshot names is there), then the keys,
 * and the manifest last (a backup without one did not finish). Not copied: DATA_DIR/outbox (mail
 * already handed over), a PostgreSQL database (pg_dump) and an S3 bucket (the bucket's own means).
 */
export const takeBackup = async (config: BackupConfig, to: string, clock: Clock): Promise<BackupManifest> => {
  await emptyDirectory(to, config.dataDir);
  const createdAt = clock.now();
  const files: ManifestEntry[] = [];
  if (config.database.kind === 'sqlite') {
    await snapshotSqlite(config.database.file, join(to, DATABASE_FILE));
    files.push({ path: DATABASE_FILE, ...(await hashFile(join(to, DATABASE_FILE))) });
  }
  if (config.documentStore.kind === 'fs') await copyBlobs(config.dataDir, to, files);
  await copyKeys(config.dataDir, to, files);
  const manifest = newManifest(config, createdAt, files);
  await writeManifest(to, manifest);
  return manifest;
};
