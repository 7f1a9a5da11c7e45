import { lstat, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Config } from '../../config.js';
import { DATABASE_FILE, MANIFEST_FILE, readManifest, type BackupManifest, type ManifestEntry } from './backup-manifest.js';
import { copyHashed, hashFile, type HashedFile } from './hashed-copy.js';

type RestoreConfig = Pick<Config, 'dataDir' | 'database' | 'documentStore'>;

const refused = (problem: string) => new Error(`Restore refused: ${problem}`);
const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

const STORE_NAMES: Record<Config['documentStore']['kind'], string> = { fs: 'fs', db: 'db', s3: 's3://…' };
const DATABASE_NAMES: Record<Config['database']['kind'], string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** A backup restores into an installation of the same kind: its database and documents would otherwise be in the wrong place. */
const checkSameKind = (manifest: BackupManifest, config: RestoreConfig): void => {
  if (manifest.database !== config.database.kind) {
    throw refused(
      `the backup was taken on ${DATABASE_NAMES[manifest.database]}, but DATABASE_URL names ${DATABASE_NAMES[config.database.kind]}`,
    );
  }
  if (manifest.document_store !== config.documentStore.kind) {
    throw refused(
      `the backup was taken with DOCUMENT_STORE=${STORE_NAMES[manifest.document_store]}, but DOCUMENT_STORE is ${STORE_NAMES[config.documentStore.kind]}`,
    );
  }
};

/** Where an entry goes: the SQLite snapshot to the configured database file, the rest to the same path under DATA_DIR. */
const destinationOf = (config: RestoreConfig, entry: ManifestEntry): string =>
  entry.path === DATABASE_FILE && config.database.kind === 'sqlite' ? config.database.file : join(config.dataDir, ...entry.path.split('/'));

/** DATA_DIR absent or empty, and no database file where DATABASE_URL puts it: a restore never mixes with what is there. */
const checkTargetEmpty = async (config: RestoreConfig): Promise<boolean> => {
  const present = await readdir(config.dataDir).catch((error: unknown) => {
    if (isMissing(error)) return undefined;
    throw refused(`DATA_DIR ${config.dataDir} cannot be read (${(error as Error).message})`);
  });
  if (present && present.length > 0) {
    throw refused(`DATA_DIR ${config.dataDir} is not empty (it holds ${present[0]}): restore into an empty or absent directory`);
  }
  if (config.database.kind === 'sqlite' && (await lstat(config.database.file).catch(() => undefined))) {
    throw refused(`the database file ${config.database.file} exists: restore only where there is none`);
  }
  return present !== undefined;
};

/** Every file of the backup's directory is in the manifest, and every one the manifest lists is a file there. */
const checkSameFiles = async (from: string, manifest: BackupManifest): Promise<void> => {
  const listed = new Set(manifest.files.map((entry) => entry.path));
  for (const found of await readdir(from, { recursive: true, withFileTypes: true })) {
    if (found.isDirectory()) continue;
    const path = relative(from, join(found.parentPath, found.name)).split(sep).join('/');
    if (path !== MANIFEST_FILE && !listed.has(path)) throw refused(`${path} is in ${from} but not in ${MANIFEST_FILE}`);
  }
  for (const entry of manifest.files) {
    const found = await lstat(join(from, entry.path)).catch(() => undefined);
    if (!found) throw refused(`${entry.path} is listed in ${MANIFEST_FILE} but missing from ${from}`);
    if (!found.isFile()) throw refused(`${entry.path} in ${from} is not a regular file`);
  }
};

const checkMatches = (entry: ManifestEntry, found: HashedFile): void => {
  if (found.size !== entry.size) {
    throw refused(`${entry.path} does not match ${MANIFEST_FILE} (${found.size} bytes, the manifest says ${entry.size})`);
  }
  if (found.sha256 !== entry.sha256) throw refused(`${entry.path} does not match ${MANIFEST_FILE} (its SHA-256 differs)`);
};

/** Leaves DATA_DIR as it was found (empty or absent) after a copy that failed half-way. */
const undo = async (config: RestoreConfig, dataDirExisted: boolean): Promise<void> => {
  if (config.database.kind === 'sqlite') await rm(config.database.file, { force: true });
  if (!dataDirExisted) {
    await rm(config.dataDir, { recursive: true, force: true });
    return;
  }
  for (const name of await readdir(config.dataDir)) await rm(join(config.dataDir, name), { recursive: true, force: true });
};

/**
 * Restores the backup in `from` into an empty or absent DATA_DIR. Every file is checked against the
 * manifest (the same set of files, each one's size and SHA-256) before anything is written; the copy
 * hashes again, and a file that changed in between undoes the whole restore: never a partial one.
 */
export const restoreBackup = async (config: RestoreConfig, from: string): Promise<BackupManifest> => {
  const manifest = await readManifest(from);
  checkSameKind(manifest, config);
  const dataDirExisted = await checkTargetEmpty(config);
  await checkSameFiles(from, manifest);
  for (const entry of manifest.files) checkMatches(entry, await hashFile(join(from, entry.path)));

  try {
    await mkdir(config.dataDir, { recursive: true });
    for (const entry of manifest.files) {
      const destination = destinationOf(config, entry);
      const secret = entry.path.startsWith('keys/');
      await mkdir(dirname(destination), { recursive: true, ...(secret ? { mode: 0o700 } : {}) });
      checkMatches(entry, await copyHashed(join(from, entry.path), destination, secret ? 0o600 : 0o644));
    }
  } catch (error) {
    await undo(config, dataDirExisted);
    throw error;
  }
  return manifest;
};
