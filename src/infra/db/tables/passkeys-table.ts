import type { Db } from '../database.js';
import { lockForUpdate } from '../lock-for-update.js';
import { json, rowCodec } from '../row-codec.js';
import type { PasskeysTable } from '../schema.js';

/** A user's WebAuthn credential (docs/api/passkeys.md). */
export interface Passkey {
  id: string;
  userId: string;
  accountId: string;
  /** base64url. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const passkeyCodec = rowCodec<Passkey, PasskeysTable>({
  id: 'id',
  userId: 'user_id',
  accountId: 'account_id',
  credentialId: 'credential_id',
  publicKey: 'public_key',
  counter: ['counter', { decode: (column: number | string) => Number(column), encode: (value: number) => value }],
  transports: ['transports', json<string[]>()],
  name: 'name',
  createdAt: 'created_at',
  lastUsedAt: 'last_used_at',
});

export const insertPasskey = async (db: Db, passkey: Passkey): Promise<void> => {
  await db.insertInto('passkeys').values(passkeyCodec.toRow(passkey)).execute();
};

/** The user's passkeys, oldest first. */
export const listPasskeysOfUser = async (db: Db, userId: string, limit: number): Promise<Passkey[]> => {
  const rows = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => passkeyCodec.fromRow(row));
};

export const countPasskeysOfUser = async (db: Db, userId: string): Promise<number> => {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/** The passkey with this credential id, locked until the transaction ends: its counter is checked and advanced under the lock. */
export const readPasskeyByCredentialIdForUpdate = async (db: Db, credentialId: string): Promise<Passkey | undefined> => {
  const row = await lockForUpdate(db, db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId)).executeTakeFirst();
  return row && passkeyCodec.fromRow(row);
};

export const credentialIdTaken = async (db: Db, credentialId: string): Promise<boolean> =>
  (await db.selectFrom('passkeys').select('id').where('credential_id', '=', credentialId).executeTakeFirst()) !== undefined;

/** A sign-in's traces: the authenticator's new counter and when it was used. */
export const recordPasskeyUse = async (db: Db, id: string, use: { counter: number; usedAt: string }): Promise<void> => {
  await db.updateTable('passkeys').set({ counter: use.counter, last_used_at: use.usedAt }).where('id', '=', id).execute();
};

/** Deletes the user's passkey with this id and answers it; undefined when the user has none such (another user's included). */
export const deletePasskeyOfUser = async (db: Db, userId: string, id: string): Promise<Passkey | undefined> => {
  const row = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
  return row && passkeyCodec.fromRow(row);
};

export const deletePasskeysOfUser = async (db: Db, userId: string): Promise<void> => {
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
};
