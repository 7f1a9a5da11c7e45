import type { Kysely } from 'kysely';

/**
 * What issued a builder's token (README "Embedded builders"): the login of an API client (its token
 * family) or a console session, exactly one of the two. A builder lives no longer than that
 * credential, and reading a token joins its issuer by primary key, so these need no index. No foreign
 * keys: removing a user deletes their console sessions, and their builders end with them. Tokens
 * issued before this name no issuer and are refused: an upgrade ends builders open during it (an
 * hour at most) rather than let them outlive a revocation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('builder_tokens').addColumn('issuer_family_id', 'text').execute();
  await db.schema.alterTable('builder_tokens').addColumn('issuer_session_id', 'text').execute();
}
