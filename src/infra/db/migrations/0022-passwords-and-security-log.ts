import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * People's sign-in (docs/api/sign-in.md): the account's security log, the password sign-in's
 * per-address lock-out and the password reset links.
 *
 * Security events keep the address as it was, so they outlive the user they name; no foreign key for
 * the same reason. `seq` is the order they were written in: the log lists newest first by it, since
 * several events can share one millisecond. Failed password sign-ins are counted per address (its SHA-256, whether or not a
 * user has it) in a table rather than in memory, so every process on the database counts the same;
 * rows older than the window are pruned as new ones arrive. A reset link stores only its token's
 * SHA-256; no foreign key either, so removing a user needs no extra step (a link of a removed user
 * finds no user and is refused like an unknown one).
 */
export const passwordsAndSecurityLogMigration = (dialect: DialectName): Migration => ({ up: (db) => up(db, dialect) });

async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('security_events')
    .addColumn('seq', dialect === 'postgres' ? 'bigint' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('user_email', 'text')
    .addColumn('method', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('detail', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('security_events_account_at').on('security_events').columns(['account_id', 'seq']).execute();

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_failures_address_at').on('sign_in_failures').columns(['address_hash', 'at']).execute();
  await db.schema.createIndex('sign_in_failures_at').on('sign_in_failures').column('at').execute();

  await db.schema
    .createTable('sign_in_lockouts')
    .addColumn('address_hash', 'text', (c) => c.primaryKey())
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_lockouts_until').on('sign_in_lockouts').column('locked_until').execute();

  await db.schema
    .createTable('password_reset_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_reset_links_user').on('password_reset_links').columns(['user_id', 'created_at']).execute();
}
