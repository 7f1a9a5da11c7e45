import type { Db } from '../../infra/db/database.js';
import { sha256Hex } from '../../infra/hash.js';
import { newSecret } from '../../infra/ids.js';
import type { AppContext } from '../context.js';

export const SIGNING_TOKEN_PREFIX = 'cs_st_';
export type SigningTokenKind = 'invitation' | 'embedded' | 'session';

/**
 * A recipient's signing credential: random, single-recipient, stored only as a hash. Every
 * invitation or reminder mail carries a fresh one (the raw token cannot be read back), and all
 * of a recipient's invitation tokens stay valid while the envelope is open.
 */
export const issueSigningToken = async (
  ctx: AppContext,
  trx: Db,
  recipient: { id: string; envelopeId: string },
  kind: SigningTokenKind,
  expiresAt: Date | null = null,
): Promise<string> => {
  const token = newSecret(SIGNING_TOKEN_PREFIX);
  await trx
    .insertInto('signing_tokens')
    .values({ token_hash: sha256Hex(token), recipient_id: recipient.id, envelope_id: recipient.envelopeId, kind, expires_at: expiresAt?.toISOString() ?? null, used_at: null, created_at: ctx.clock.now().toISOString() })
    .execute();
  return token;
};

export const signingUrl = (ctx: AppContext, token: string, embedded = false): string => `${ctx.config.publicUrl}/sign/${token}${embedded ? '?embed=1' : ''}`;

/** The token's row, when it exists and has not run out (an unknown token is simply undefined). */
export const findSigningToken = async (ctx: AppContext, db: Db, token: string) => {
  const row = await db.selectFrom('signing_tokens').selectAll().where('token_hash', '=', sha256Hex(token)).executeTakeFirst();
  if (!row) return undefined;
  if (row.expires_at && row.expires_at <= ctx.clock.now().toISOString()) return undefined;
  return row;
};
