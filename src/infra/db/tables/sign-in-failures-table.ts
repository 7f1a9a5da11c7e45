import { randomBytes } from 'node:crypto';
import type { Db } from '../database.js';

/**
 * The password sign-in's lock-out (docs/api/sign-in.md "Lock-out"): failures and locks per address,
 * keyed by the address's SHA-256 so the table holds no address in clear.
 */

/** Counts one failure (or an attempt under way, see signInWithPassword) and answers its row id. */
export const insertSignInFailure = async (db: Db, addressHash: string, at: string): Promise<string> => {
  const id = randomBytes(12).toString('base64url');
  await db.insertInto('sign_in_failures').values({ id, address_hash: addressHash, at }).execute();
  return id;
};

export const deleteSignInFailure = async (db: Db, id: string): Promise<void> => {
  await db.deleteFrom('sign_in_failures').where('id', '=', id).execute();
};

/** Failures of the address after `since`. */
export const countSignInFailuresSince = async (db: Db, addressHash: string, since: string): Promise<number> => {
  const row = await db
    .selectFrom('sign_in_failures')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('address_hash', '=', addressHash)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/** The end of the address's lock, if it is locked after `now`. */
export const readLockedUntil = async (db: Db, addressHash: string, now: string): Promise<string | undefined> => {
  const row = await db
    .selectFrom('sign_in_lockouts')
    .select('locked_until')
    .where('address_hash', '=', addressHash)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.locked_until;
};

/** Locks the address until `until`; its counted failures are spent by the lock. */
export const lockAddress = async (db: Db, addressHash: string, until: string): Promise<void> => {
  await db
    .insertInto('sign_in_lockouts')
    .values({ address_hash: addressHash, locked_until: until })
    .onConflict((oc) => oc.column('address_hash').doUpdateSet({ locked_until: until }))
    .execute();
  await db.deleteFrom('sign_in_failures').where('address_hash', '=', addressHash).execute();
};

/** Forgets failures from before `before` and locks that ended by then: the tables stay as small as the window. */
export const pruneSignInFailures = async (db: Db, before: string): Promise<void> => {
  await db.deleteFrom('sign_in_failures').where('at', '<=', before).execute();
  await db.deleteFrom('sign_in_lockouts').where('locked_until', '<=', before).execute();
};

/** Lifts the address's lock and forgets its failures: its owner proved they read its mail (a password reset). */
export const unlockAddress = async (db: Db, addressHash: string): Promise<void> => {
  await db.deleteFrom('sign_in_lockouts').where('address_hash', '=', addressHash).execute();
  await db.deleteFrom('sign_in_failures').where('address_hash', '=', addressHash).execute();
};
