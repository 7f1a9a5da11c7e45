import type { Kysely } from 'kysely';

/**
 * An idempotency key's claim: which request holds it (`claim_id`) and until when its heartbeat
 * vouches for it (`lease_until`); only a key whose lease has lapsed may be taken over (docs/api/conventions.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('claim_id', 'text').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('lease_until', 'text').execute();
}
