import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** A key file's text, or undefined when there is none: never creates anything. */
export const readKeyFileIfPresent = async (path: string): Promise<string | undefined> => {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/**
 * The text of a key file, generated on first use and reused afterwards. The new key is written to a
 * temporary file and hard-linked into place, so that processes starting together on a shared
 * directory never read a half-written key and all end up with the same one (the first link wins).
 */
export const readOrCreateKeyFile = async (path: string, generate: () => string): Promise<string> => {
  const existing = await readKeyFileIfPresent(path);
  if (existing !== undefined) return existing;
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${randomBytes(8).toString('hex')}.tmp`;
  await writeFile(temporary, generate(), { mode: 0o600 });
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
  return readFile(path, 'utf8');
};
