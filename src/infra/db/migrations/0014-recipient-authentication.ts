import type { Kysely } from 'kysely';

/**
 * Recipient authentication (docs/concepts/recipients.md): a signer's method with its stored secrets (the access
 * code's and the last SMS code's salted scrypt hashes, never the codes), the wrong-code counter and
 * lock-out, and the signing sessions an accepted code opens (SHA-256 hashes of the session tokens).
 * A table of its own, not columns of recipients: most signers have no authentication.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recipient_authentications')
    .addColumn('recipient_id', 'text', (c) => c.primaryKey().references('recipients.id'))
    .addColumn('envelope_id', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('access_code_hash', 'text')
    .addColumn('sms_code_hash', 'text')
    .addColumn('sms_code_sent_at', 'text')
    .addColumn('sms_code_expires_at', 'text')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('authenticated_at', 'text')
    .execute();
  await db.schema.createIndex('recipient_authentications_envelope').on('recipient_authentications').column('envelope_id').execute();

  await db.schema
    .createTable('recipient_signing_sessions')
    .addColumn('session_hash', 'text', (c) => c.primaryKey())
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('recipients.id'))
    .addColumn('envelope_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
