import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout the bench belongs to: where `npm start` and `bin/countersign.js` run. */
export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
