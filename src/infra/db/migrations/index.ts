import type { Migration } from 'kysely';
import * as accountsAndAuth from './0001-accounts-and-auth.js';

/**
 * Every migration, in order. Forward-only: a landed migration is never edited; changes come as a new file.
 * A static list (not a folder scan) so the set is fixed at build time and typed.
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts-and-auth': accountsAndAuth,
};
