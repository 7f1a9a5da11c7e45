import type { Kysely } from 'kysely';

/**
 * Passkeys (docs/api/passkeys.md): a user's WebAuthn credentials (the public key, never a secret)
 * and the challenges handed out for registering and signing in. Challenges live in the database,
 * so any process accepts the answer to one another process issued; each is used once and expires.
 * The signature counter is an unsigned 32-bit number: bigint, as PostgreSQL's integer is signed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('passkey_challenges_expiry').on('passkey_challenges').column('expires_at').execute();
  await db.schema.createIndex('passkey_challenges_user').on('passkey_challenges').columns(['user_id', 'created_at']).execute();
}
