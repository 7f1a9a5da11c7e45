import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { systemClock, type Clock } from '../../domain/clock.js';
import type { Db } from '../db/database.js';
import { dbBlobStore } from './db-blob-store.js';
import { fsBlobStore } from './fs-blob-store.js';

/**
 * Document bytes, content-addressed by SHA-256: an envelope made from a template shares the
 * template's bytes instead of copying them. The bytes live on disk (`fs`), in the database's
 * `blobs` table (`db`) or in an S3 bucket (`s3://`). Every write stamps the blob with the time it
 * was (last) written, which is what lets unreferenced blobs be collected only after a grace period.
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

/** The S3 client is loaded only when the store is S3: it would otherwise cost every process its memory and start time. */
export const createBlobStore = async (config: Config, db: Db, clock: Clock = systemClock, logger?: Logger): Promise<BlobStore> => {
  const store = config.documentStore;
  if (store.kind === 's3') return (await import('./s3-blob-store.js')).s3BlobStore(store, logger);
  return store.kind === 'db' ? dbBlobStore(db, clock) : fsBlobStore(join(config.dataDir, 'blobs'), clock);
};

/** Throws a ConfigError (one line) when the configured store cannot be used: only a remote store can fail this way. */
export const checkBlobStore = async (config: Config): Promise<void> => {
  if (config.documentStore.kind === 's3') await (await import('./s3-blob-store.js')).checkS3Bucket(config.documentStore);
};
