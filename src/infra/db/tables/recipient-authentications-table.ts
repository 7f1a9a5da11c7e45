import type { Db } from '../database.js';
import type { PendingInsert } from '../insert-at-once.js';
import { oneOf, rowCodec } from '../row-codec.js';
import type { RecipientAuthenticationsTable, RecipientSigningSessionsTable } from '../schema.js';

export type AuthenticationMethod = 'access_code' | 'sms';

/** How a signer proves who they are before signing (docs/concepts/recipients.md); secrets only as hashes. */
export interface RecipientAuthentication {
  recipientId: string;
  envelopeId: string;
  method: AuthenticationMethod;
  accessCodeHash: string | null;
  smsCodeHash: string | null;
  smsCodeSentAt: string | null;
  smsCodeExpiresAt: string | null;
  failedAttempts: number;
  lockedUntil: string | null;
  authenticatedAt: string | null;
}

const codec = rowCodec<RecipientAuthentication, RecipientAuthenticationsTable>({
  recipientId: 'recipient_id',
  envelopeId: 'envelope_id',
  method: ['method', oneOf<AuthenticationMethod>()],
  accessCodeHash: 'access_code_hash',
  smsCodeHash: 'sms_code_hash',
  smsCodeSentAt: 'sms_code_sent_at',
  smsCodeExpiresAt: 'sms_code_expires_at',
  failedAttempts: 'failed_attempts',
  lockedUntil: 'locked_until',
  authenticatedAt: 'authenticated_at',
});

/** The inserts of a new envelope's authentications, not run yet (see insertAtOnce). */
export const recipientAuthenticationInserts = (db: Db, rows: readonly RecipientAuthentication[]): PendingInsert[] =>
  rows.length ? [db.insertInto('recipient_authentications').values(rows.map(codec.toRow))] : [];

export const readRecipientAuthentication = async (db: Db, recipientId: string): Promise<RecipientAuthentication | undefined> => {
  const row = await db.selectFrom('recipient_authentications').selectAll().where('recipient_id', '=', recipientId).executeTakeFirst();
  return row && codec.fromRow(row);
};

export const readEnvelopeAuthentications = async (db: Db, envelopeId: string): Promise<RecipientAuthentication[]> => {
  const rows = await db.selectFrom('recipient_authentications').selectAll().where('envelope_id', '=', envelopeId).execute();
  return rows.map(codec.fromRow);
};

/**
 * Sets a recipient's method afresh (a correction): a new row, or the existing one with its codes,
 * attempts and lock-out cleared, in one statement.
 */
export const replaceRecipientAuthentication = async (
  db: Db,
  recipient: { recipientId: string; envelopeId: string },
  settings: Pick<RecipientAuthentication, 'method' | 'accessCodeHash'>,
) => {
  const row = codec.toRow({
    ...recipient,
    ...settings,
    smsCodeHash: null,
    smsCodeSentAt: null,
    smsCodeExpiresAt: null,
    failedAttempts: 0,
    lockedUntil: null,
    authenticatedAt: null,
  });
  const { recipient_id: _key, envelope_id: _envelope, ...changes } = row;
  await db
    .insertInto('recipient_authentications')
    .values(row)
    .onConflict((conflict) => conflict.column('recipient_id').doUpdateSet(changes))
    .execute();
};

export const updateRecipientAuthentication = async (db: Db, recipientId: string, changes: Partial<RecipientAuthentication>) => {
  await db.updateTable('recipient_authentications').set(codec.toColumns(changes)).where('recipient_id', '=', recipientId).execute();
};

/**
 * Stores a new SMS code unless one was sent after `sentBefore` (a parallel request won): the
 * condition and the write are one statement, so two requests in the same second send one code.
 */
export const storeSmsCode = async (
  db: Db,
  recipientId: string,
  code: { hash: string; sentAt: string; expiresAt: string },
  sentBefore: string,
): Promise<boolean> => {
  const result = await db
    .updateTable('recipient_authentications')
    .set({ sms_code_hash: code.hash, sms_code_sent_at: code.sentAt, sms_code_expires_at: code.expiresAt })
    .where('recipient_id', '=', recipientId)
    .where((eb) => eb.or([eb('sms_code_sent_at', 'is', null), eb('sms_code_sent_at', '<=', sentBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** A lock-out that has run out starts a fresh count; conditional on the lock read, so only one request resets it. */
export const clearExpiredLock = async (db: Db, recipientId: string, lockedUntil: string): Promise<void> => {
  await db
    .updateTable('recipient_authentications')
    .set({ failed_attempts: 0, locked_until: null })
    .where('recipient_id', '=', recipientId)
    .where('locked_until', '=', lockedUntil)
    .execute();
};

/**
 * Counts one attempt before its code is checked, in one conditional statement: parallel guesses
 * each take a number, and none is checked once `limit` are taken (the row is then locked until
 * `lockUntil`). Returns the attempt's number, or undefined when the recipient is locked.
 */
export const reserveAttempt = async (db: Db, recipientId: string, limit: number, lockUntil: string): Promise<number | undefined> => {
  const row = await db
    .updateTable('recipient_authentications')
    .set((eb) => ({
      failed_attempts: eb('failed_attempts', '+', 1),
      locked_until: eb
        .case()
        .when('failed_attempts', '>=', limit - 1)
        .then(lockUntil)
        .else(eb.ref('locked_until'))
        .end(),
    }))
    .where('recipient_id', '=', recipientId)
    .where('failed_attempts', '<', limit)
    .returning('failed_attempts')
    .executeTakeFirst();
  return row?.failed_attempts;
};

export interface SigningSession {
  sessionHash: string;
  recipientId: string;
  envelopeId: string;
  expiresAt: string;
  createdAt: string;
}

const sessionCodec = rowCodec<SigningSession, RecipientSigningSessionsTable>({
  sessionHash: 'session_hash',
  recipientId: 'recipient_id',
  envelopeId: 'envelope_id',
  expiresAt: 'expires_at',
  createdAt: 'created_at',
});

export const insertSigningSession = async (db: Db, session: SigningSession): Promise<void> => {
  await db.insertInto('recipient_signing_sessions').values(sessionCodec.toRow(session)).execute();
};

export const readSigningSession = async (db: Db, sessionHash: string): Promise<SigningSession | undefined> => {
  const row = await db.selectFrom('recipient_signing_sessions').selectAll().where('session_hash', '=', sessionHash).executeTakeFirst();
  return row && sessionCodec.fromRow(row);
};
