import type { Kysely } from 'kysely';

/**
 * First run in the browser (docs/guide/getting-started.md): the setup tokens that started processes
 * printed, stored as SHA-256 hashes so that any process on the database accepts any of them, and a
 * user's password hash (scrypt, src/infra/password-hash.ts), set by the setup page for the owner;
 * null for users who sign in by e-mail link only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('setup_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('users').addColumn('password_hash', 'text').execute();
}
