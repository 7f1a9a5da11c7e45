import type { Kysely } from 'kysely';

/**
 * The installation's identity on PostgreSQL (README "Several processes"): per key (`ledger`,
 * `sealing`), the public identity every process must present, and the private key when the first
 * process generated it (null when it came from LEDGER_KEY or SIGNING_CERT_P12, which are never
 * stored). `secret` is sealed under a key derived from SECRETS_KEY when `secret_encrypted` is 1.
 * SQLite keeps its keys in DATA_DIR; the table stays empty there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_identity')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull())
    .addColumn('secret', 'text')
    .addColumn('secret_encrypted', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
