import type { Kysely } from 'kysely';

/** Filled in by the work of issue 21. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
