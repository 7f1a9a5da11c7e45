import type { Kysely } from 'kysely';

/**
 * Where each envelope's completion stands (issue 10): one row per envelope whose signers have all
 * signed, written when sealing first starts. `reseals` counts manual reseals: each starts a new
 * round of attempts, and a queued attempt of an older round does nothing. Envelopes sealed before
 * this migration have no row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('envelope_completions')
    .addColumn('envelope_id', 'text', (c) => c.primaryKey().references('envelopes.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('reseals', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
