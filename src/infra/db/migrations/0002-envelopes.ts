import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/** Envelopes, their documents, recipients and fields; templates; uploads; attachments; the ledger; the job outbox; blobs. */
export const envelopesMigration = (dialect: DialectName): Migration => ({ up: (db) => up(db, dialect === 'postgres' ? 'bytea' : 'blob') });

async function up(db: Kysely<unknown>, binary: string): Promise<void> {
  await db.schema
    .createTable('blobs')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', sql.raw(binary))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();

  await db.schema
    .createTable('envelopes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('created_by_user_id', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('message', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sign_process_flow', 'text', (c) => c.notNull())
    .addColumn('expiration_days', 'integer', (c) => c.notNull())
    .addColumn('email_reminders', 'integer', (c) => c.notNull())
    .addColumn('reminder_period', 'integer')
    .addColumn('append_verification_qr_code', 'integer', (c) => c.notNull())
    .addColumn('remove_signed_envelope', 'integer', (c) => c.notNull())
    .addColumn('enforce_signers_location', 'integer', (c) => c.notNull())
    .addColumn('send_email_to_recipients', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('signing_due_date', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('declined_at', 'text')
    .addColumn('expired_at', 'text')
    .addColumn('documents_removed_at', 'text')
    .addColumn('deleted_at', 'text')
    .addColumn('ledger_head_hash', 'text')
    .addColumn('sealed_ledger_head_hash', 'text')
    .execute();
  await db.schema.createIndex('envelopes_account_created').on('envelopes').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('envelopes_account_status').on('envelopes').columns(['account_id', 'status']).execute();
  await db.schema.createIndex('envelopes_due').on('envelopes').columns(['status', 'signing_due_date']).execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('envelope_id', 'text', (c) => c.references('envelopes.id'))
    .addColumn('template_id', 'text', (c) => c.references('templates.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pages', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('sealed_sha256', 'text')
    .execute();
  await db.schema.createIndex('documents_envelope').on('documents').columns(['envelope_id', 'position']).execute();
  await db.schema.createIndex('documents_template').on('documents').columns(['template_id', 'position']).execute();

  await db.schema
    .createTable('recipients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('envelope_id', 'text', (c) => c.notNull().references('envelopes.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('signing_order', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('country_code', 'integer')
    .addColumn('phone_number', 'text')
    .addColumn('private_note', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('viewed_at', 'text')
    .addColumn('consented_at', 'text')
    .addColumn('consent_text_sha256', 'text')
    .addColumn('signed_at', 'text')
    .addColumn('declined_at', 'text')
    .addColumn('decline_reason', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('location', 'text')
    .addColumn('signature', 'text')
    .addColumn('last_reminded_at', 'text')
    .addColumn('auto_reminded_at', 'text')
    .execute();
  await db.schema.createIndex('recipients_envelope').on('recipients').columns(['envelope_id', 'role', 'position']).execute();
  await db.schema.createIndex('recipients_email').on('recipients').column('email').execute();

  await db.schema
    .createTable('fields')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('envelope_id', 'text', (c) => c.notNull().references('envelopes.id'))
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('recipients.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('document', 'integer', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('x', 'real', (c) => c.notNull())
    .addColumn('y', 'real', (c) => c.notNull())
    .addColumn('width', 'real', (c) => c.notNull())
    .addColumn('height', 'real', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull())
    .addColumn('placeholder', 'text')
    .addColumn('default_value', 'text')
    .addColumn('editable', 'integer', (c) => c.notNull())
    .addColumn('options', 'text')
    .addColumn('value', 'text')
    .execute();
  await db.schema.createIndex('fields_recipient').on('fields').columns(['recipient_id', 'position']).execute();

  await db.schema
    .createTable('signing_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('recipients.id'))
    .addColumn('envelope_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('pages', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('envelope_id', 'text', (c) => c.notNull().references('envelopes.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attachments_envelope').on('attachments').column('envelope_id').execute();

  // block_number is assigned from ledger_state.size inside the appending transaction, so the
  // service-wide log is dense (no gaps from rolled-back transactions, unlike a sequence).
  await db.schema
    .createTable('ledger_entries')
    .addColumn('block_number', 'integer', (c) => c.primaryKey())
    .addColumn('envelope_id', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('entry_hash', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ledger_entries_envelope_sequence', ['envelope_id', 'sequence'])
    .execute();
  await db.schema
    .createTable('ledger_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('frontier', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into ledger_state (id, size, frontier) values (1, 0, '[]')`.execute(db);

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['done_at', 'run_at']).execute();
}
