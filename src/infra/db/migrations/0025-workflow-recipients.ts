import type { Kysely } from 'kysely';

/**
 * Workflows (docs/api/workflows.md): what each signer step does (`signer_role`: sign, approve,
 * view, sign in person on a host's device, witness another signer), signing groups whose members
 * share one step, delegations recorded as a chain, links that died because their recipient was
 * reassigned or corrected, named and conditional fields, envelopes sent back for correction, and
 * how long a signer keeps their copy after completion.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('recipients')
    .addColumn('signer_role', 'text', (c) => c.notNull().defaultTo('signer'))
    .execute();
  await db.schema.alterTable('recipients').addColumn('host_user_id', 'text').execute();
  await db.schema.alterTable('recipients').addColumn('witness_for', 'text').execute();
  await db.schema.alterTable('recipients').addColumn('group_id', 'text').execute();
  await db.schema.alterTable('recipients').addColumn('viewed_documents', 'text').execute();
  await db.schema.alterTable('recipients').addColumn('approved_at', 'text').execute();
  await db.schema.alterTable('recipients').addColumn('not_needed_at', 'text').execute();

  await db.schema
    .createTable('signing_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('envelope_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('signing_groups_envelope').on('signing_groups').column('envelope_id').execute();

  await db.schema
    .createTable('recipient_delegations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('envelope_id', 'text', (c) => c.notNull())
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('from_name', 'text', (c) => c.notNull())
    .addColumn('from_email', 'text', (c) => c.notNull())
    .addColumn('to_name', 'text', (c) => c.notNull())
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recipient_delegations_envelope').on('recipient_delegations').column('envelope_id').execute();

  await db.schema.alterTable('signing_tokens').addColumn('revoked_at', 'text').execute();
  await db.schema.alterTable('signing_tokens').addColumn('revoked_reason', 'text').execute();

  await db.schema.alterTable('fields').addColumn('name', 'text').execute();
  await db.schema.alterTable('fields').addColumn('show_if', 'text').execute();

  await db.schema
    .alterTable('envelopes')
    .addColumn('allow_reassign', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('envelopes').addColumn('returned_at', 'text').execute();
  await db.schema.alterTable('envelopes').addColumn('return_comment', 'text').execute();
  await db.schema.alterTable('envelopes').addColumn('returned_by', 'text').execute();

  await db.schema
    .alterTable('accounts')
    .addColumn('signer_copy_days', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
}
