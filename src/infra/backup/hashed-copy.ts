import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A file as a backup's manifest lists it. */
export interface HashedFile {
  size: number;
  sha256: string;
}

/** Counts and hashes what passes through, one chunk at a time: memory stays bounded whatever the file's size. */
const hashing = () => {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: (): HashedFile => ({ size, sha256: hash.digest('hex') }) };
};

export const hashFile = async (path: string): Promise<HashedFile> => {
  const counter = hashing();
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(createReadStream(path), counter.stream, discard);
  return counter.result();
};

/**
 * Copies `from` to a new file `to` (never over an existing one), hashing the bytes as they pass. The
 * source is opened first: when it is gone (ENOENT), nothing is created.
 */
export const copyHashed = async (from: string, to: string, mode = 0o644): Promise<HashedFile> => {
  const source = await open(from);
  const counter = hashing();
  await pipeline(source.createReadStream(), counter.stream, createWriteStream(to, { flags: 'wx', mode, flush: true }));
  return counter.result();
};
