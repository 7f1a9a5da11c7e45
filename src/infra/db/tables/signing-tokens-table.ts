import type { Db } from '../database.js';
import { oneOf, rowCodec } from '../row-codec.js';
import type { SigningTokensTable } from '../schema.js';

export type SigningTokenKind = 'invitation' | 'embedded' | 'session';

/** A recipient's signing credential; only the hash of the raw token is ever stored. */
export interface SigningToken {
  tokenHash: string;
  recipientId: string;
  envelopeId: string;
  kind: SigningTokenKind;
  expiresAt: string | null;
  usedAt: string | null;
  createdAt: string;
}

const signingTokenCodec = rowCodec<SigningToken, SigningTokensTable>({
  tokenHash: 'token_hash',
  recipientId: 'recipient_id',
  envelopeId: 'envelope_id',
  kind: ['kind', oneOf<SigningTokenKind>()],
  expiresAt: 'expires_at',
  usedAt: 'used_at',
  createdAt: 'created_at',
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
