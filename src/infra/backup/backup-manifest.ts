import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.js';
import type { HashedFile } from './hashed-copy.js';

export const MANIFEST_FILE = 'manifest.json';
/** The SQLite snapshot's name in a backup, wherever DATABASE_URL puts the service's file. */
export const DATABASE_FILE = 'countersign.db';
const FORMAT = 'countersign-backup/1';
/** About two million files: a larger manifest is not one this command wrote. */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

export interface ManifestEntry extends HashedFile {
  /** Relative to the backup's directory, with `/` between the parts, as in DATA_DIR. */
  path: string;
}

/** What `countersign backup` wrote last: every other file of the backup, and what the installation was. */
export interface BackupManifest {
  format: typeof FORMAT;
  created_at: string;
  database: Config['database']['kind'];
  document_store: Config['documentStore']['kind'];
  files: ManifestEntry[];
}

/**
 * The only paths a backup holds: the database snapshot, the fs store's blobs and the key files. A
 * manifest naming anything else (`..`, an absolute path) is refused before any of it is read.
 */
export const BACKUP_PATH = /^(countersign\.db|blobs\/[0-9a-f]{2}\/[0-9a-f]{64}|keys\/[A-Za-z0-9][A-Za-z0-9._-]*)$/;
const SHA256 = /^[0-9a-f]{64}$/;

export const newManifest = (
  config: Pick<Config, 'database' | 'documentStore'>,
  createdAt: Date,
  files: ManifestEntry[],
): BackupManifest => ({
  format: FORMAT,
  created_at: createdAt.toISOString(),
  database: config.database.kind,
  document_store: config.documentStore.kind,
  files,
});

export const writeManifest = async (dir: string, manifest: BackupManifest): Promise<void> =>
  writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx', flush: true });

const refused = (problem: string) => new Error(`Restore refused: ${MANIFEST_FILE} ${problem}`);

const checkEntry = (entry: unknown, seen: Set<string>): ManifestEntry => {
  const { path, size, sha256 } = (entry ?? {}) as Record<string, unknown>;
  if (typeof path !== 'string' || !BACKUP_PATH.test(path)) throw refused(`lists a file outside a backup's layout: ${JSON.stringify(path)}`);
  if (seen.has(path)) throw refused(`lists ${path} twice`);
  seen.add(path);
  if (!Number.isSafeInteger(size) || (size as number) < 0) throw refused(`gives ${path} no valid size`);
  if (typeof sha256 !== 'string' || !SHA256.test(sha256)) throw refused(`gives ${path} no valid SHA-256`);
  return { path, size: size as number, sha256 };
};

/** The manifest of the backup in `dir`, its shape checked; throws one line naming the problem. */
export const readManifest = async (dir: string): Promise<BackupManifest> => {
  const path = join(dir, MANIFEST_FILE);
  const found = await stat(path).catch(() => undefined);
  if (!found?.isFile()) throw new Error(`Restore refused: ${dir} has no ${MANIFEST_FILE} (not a backup, or one that did not finish)`);
  if (found.size > MAX_MANIFEST_BYTES) throw refused(`is larger than ${MAX_MANIFEST_BYTES} bytes`);
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  } catch {
    throw refused('is not valid JSON');
  }
  if (parsed?.format !== FORMAT) throw refused(`is not of the format ${FORMAT}`);
  if (parsed.database !== 'sqlite' && parsed.database !== 'postgres') throw refused('names no database kind (sqlite or postgres)');
  const store = parsed.document_store;
  if (store !== 'fs' && store !== 'db' && store !== 's3') throw refused('names no document store (fs, db or s3)');
  if (typeof parsed.created_at !== 'string' || Number.isNaN(Date.parse(parsed.created_at))) throw refused('has no valid created_at');
  if (!Array.isArray(parsed.files)) throw refused('lists no files');
  const seen = new Set<string>();
  const files = parsed.files.map((entry) => checkEntry(entry, seen));
  if ((parsed.database === 'sqlite') !== seen.has(DATABASE_FILE)) {
    throw refused(parsed.database === 'sqlite' ? `lists no ${DATABASE_FILE}` : `lists ${DATABASE_FILE} for a PostgreSQL installation`);
  }
  if (store !== 'fs' && files.some((entry) => entry.path.startsWith('blobs/'))) throw refused(`lists blobs for DOCUMENT_STORE=${store}`);
  return { format: FORMAT, created_at: parsed.created_at, database: parsed.database, document_store: store, files };
};
