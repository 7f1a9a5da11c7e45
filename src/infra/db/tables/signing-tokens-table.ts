import type { Db } from '../database.js';
import { oneOf, rowCodec } from '../row-codec.js';
import type { SigningTokensTable } from '../schema.js';

/** `in_person`: a single-use link a host opens on their device for an in-person signer (docs/api/workflows.md). */
export type SigningTokenKind = 'invitation' | 'embedded' | 'session' | 'in_person';

/** Why a link died before its envelope ended: its recipient handed the step on, or the sender corrected their address. */
export type SigningTokenRevocation = 'reassigned' | 'corrected';

/** A recipient's signing credential; only the hash of the raw token is ever stored. */
export interface SigningToken {
  tokenHash: string;
  recipientId: string;
  envelopeId: string;
  kind: SigningTokenKind;
  expiresAt: string | null;
  usedAt: string | null;
  createdAt: string;
  revokedAt: string | null;
  revokedReason: SigningTokenRevocation | null;
}

const signingTokenCodec = rowCodec<SigningToken, SigningTokensTable>({
  tokenHash: 'token_hash',
  recipientId: 'recipient_id',
  envelopeId: 'envelope_id',
  kind: ['kind', oneOf<SigningTokenKind>()],
  expiresAt: 'expires_at',
  usedAt: 'used_at',
  createdAt: 'created_at',
  revokedAt: 'revoked_at',
  revokedReason: ['revoked_reason', oneOf<SigningTokenRevocation>()],
});

export const insertSigningToken = async (db: Db, token: SigningToken): Promise<void> => {
  await db.insertInto('signing_tokens').values(signingTokenCodec.toRow(token)).execute();
};

export const readSigningToken = async (db: Db, tokenHash: string): Promise<SigningToken | undefined> => {
  const row = await db.selectFrom('signing_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  return row && signingTokenCodec.fromRow(row);
};

/** Marks a single-use token used; false when it already was (another request spent it first). */
export const spendSigningToken = async (db: Db, tokenHash: string, usedAt: string): Promise<boolean> => {
  const spent = await db
    .updateTable('signing_tokens')
    .set({ used_at: usedAt })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
};

/** Kills every live link of a recipient: later uses answer by `reason` (docs/api/workflows.md). */
export const revokeRecipientTokens = async (db: Db, recipientId: string, reason: SigningTokenRevocation, at: string): Promise<void> => {
  await db
    .updateTable('signing_tokens')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('recipient_id', '=', recipientId)
    .where('revoked_at', 'is', null)
    .execute();
};
