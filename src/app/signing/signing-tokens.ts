import type { Db } from '../../infra/db/database.js';
import {
  insertSigningToken,
  readSigningToken,
  type SigningToken,
  type SigningTokenKind,
} from '../../infra/db/tables/signing-tokens-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { newSecret } from '../../infra/ids.js';
import type { AppContext } from '../context.js';

export type { SigningTokenKind } from '../../infra/db/tables/signing-tokens-table.js';

export const SIGNING_TOKEN_PREFIX = 'cs_st_';

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
  await insertSigningToken(trx, {
    tokenHash: sha256Hex(token),
    recipientId: recipient.id,
    envelopeId: recipient.envelopeId,
    kind,
    expiresAt: expiresAt?.toISOString() ?? null,
    usedAt: null,
    createdAt: ctx.clock.now().toISOString(),
    revokedAt: null,
    revokedReason: null,
  });
  return token;
};

export const signingUrl = (ctx: AppContext, token: string, embedded = false): string =>
  `${ctx.config.publicUrl}/sign/${token}${embedded ? '?embed=1' : ''}`;

/** The token, when it exists and has not run out (an unknown token is simply undefined). */
export const findSigningToken = async (ctx: AppContext, db: Db, token: string): Promise<SigningToken | undefined> => {
  const found = await readSigningToken(db, sha256Hex(token));
  if (!found) return undefined;
  if (found.expiresAt && found.expiresAt <= ctx.clock.now().toISOString()) return undefined;
  return found;
};
