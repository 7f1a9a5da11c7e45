import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxDirectory {
  /** Writes one message (a raw RFC 5322 mail unless `extension` says otherwise) and returns its path. */
  write(message: Buffer, extension?: string): Promise<string>;
}

/**
 * Where mail goes when no SMTP server is configured. File names sort by time: an ISO timestamp (with
 * file-system-safe separators), then a per-process sequence for mails in the same millisecond, then random
 * bytes so that several processes sharing the directory never collide.
 */
export const createOutboxDirectory = (dir: string): OutboxDirectory => {
  let sequence = 0;
  const nextFileName = (extension: string): string => {
    sequence += 1;
    const timestamp = new Date().toISOString().replace(/[:.]/g, '-');
    return `${timestamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}${extension}`;
  };
  return {
    async write(message, extension = '.eml') {
      const path = join(dir, nextFileName(extension));
      try {
        await writeFile(path, message, { flag: 'wx' });
      } catch (error) {
        // The directory is made when a write first finds it missing (also if it was removed meanwhile), not before every mail.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(dir, { recursive: true });
        await writeFile(path, message, { flag: 'wx' });
      }
      return path;
    },
  };
};
