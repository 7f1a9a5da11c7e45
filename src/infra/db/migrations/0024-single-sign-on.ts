import type { Kysely } from 'kysely';

/**
 * Single sign-on (docs/guide/single-sign-on.md): an account's OpenID provider (its client secret
 * sealed, its discovery document as fetched when saved), the e-mail domains it answers for (one
 * account per domain: the primary key settles two accounts racing for one), and the sign-ins under
 * way between `/console/sso/start` and the callback, kept here so that any process finishes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sso_configs')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret', 'text', (c) => c.notNull())
    .addColumn('server_metadata', 'text', (c) => c.notNull())
    .addColumn('email_domains', 'text', (c) => c.notNull())
    .addColumn('default_role', 'text', (c) => c.notNull())
    .addColumn('enforced', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sso_domains')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .execute();
  await db.schema.createIndex('sso_domains_account').on('sso_domains').column('account_id').execute();

  await db.schema
    .createTable('sso_sign_ins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_sign_ins_expiry').on('sso_sign_ins').column('expires_at').execute();
}
