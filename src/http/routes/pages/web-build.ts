import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../../domain/app-error.js';
import { packagePath } from '../../../package-dir.js';

/** Where `vite build` (web/vite.config.ts) puts the pages and their assets. */
export const WEB_BUILD_DIR = packagePath('dist', 'web');

export type WebPage = 'sign.html' | 'verify.html' | 'console.html' | 'builder.html' | 'setup.html' | 'public-link.html';

const notBuilt = () => new AppError('WEB_NOT_BUILT', 'The web pages are not built on this server: run `npm run build:web` and restart.');

export const webBuildExists = (dir = WEB_BUILD_DIR): boolean => existsSync(join(dir, 'sign.html'));

/** A built page's HTML; 503 WEB_NOT_BUILT instead of a crash when the build is missing. */
export const readWebPage = async (page: WebPage, dir = WEB_BUILD_DIR): Promise<string> => {
  try {
    return await readFile(join(dir, page), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notBuilt();
    throw error;
  }
};
