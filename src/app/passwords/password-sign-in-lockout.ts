import { AppError } from '../../domain/app-error.js';
import { addSeconds } from '../../domain/clock.js';
import { PASSWORD_SIGN_IN } from '../../domain/password-sign-in.js';
import type { Db } from '../../infra/db/database.js';
import {
  countSignInFailuresSince,
  insertSignInFailure,
  lockAddress,
  pruneSignInFailures,
  readLockedUntil,
} from '../../infra/db/tables/sign-in-failures-table.js';

const secondsUntil = (end: Date, now: Date): number => Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));

const lockedError = (lockedUntil: Date, now: Date): AppError =>
  new AppError(
    'USER_LOCKED',
    `Too many failed sign-ins for this address: it is locked until ${lockedUntil.toISOString()}. ` +
      'Wait, or reset the password by e-mail (the link works during the lock too).',
    { retryAfterSeconds: secondsUntil(lockedUntil, now) },
  );

const windowStart = (now: Date): string => addSeconds(now, -PASSWORD_SIGN_IN.failureWindowSeconds).toISOString();

/**
 * Before a password is checked: 423 USER_LOCKED if the address is locked (or holds a full window of
 * failures that no lock recorded yet, which two processes may leave behind), else the attempt is
 * counted at once as a failure, so that many parallel guesses cannot all pass this check before any
 * of them has failed. Answers the attempt's row, which a correct password takes back.
 */
export const beginPasswordAttempt = async (db: Db, addressHash: string, now: Date): Promise<string> => {
  const lockedUntil = await readLockedUntil(db, addressHash, now.toISOString());
  if (lockedUntil) throw lockedError(new Date(lockedUntil), now);
  if ((await countSignInFailuresSince(db, addressHash, windowStart(now))) >= PASSWORD_SIGN_IN.failuresBeforeLock) {
    const until = addSeconds(now, PASSWORD_SIGN_IN.lockSeconds);
    await lockAddress(db, addressHash, until.toISOString());
    throw lockedError(until, now);
  }
  return insertSignInFailure(db, addressHash, now.toISOString());
};

/**
 * After a wrong password (its attempt stays counted): locks the address once the window holds enough
 * failures, and prunes what has aged out of every address's window. True when this failure started a lock.
 */
export const settleFailedAttempt = async (db: Db, addressHash: string, now: Date): Promise<boolean> => {
  await pruneSignInFailures(db, windowStart(now));
  if ((await countSignInFailuresSince(db, addressHash, windowStart(now))) < PASSWORD_SIGN_IN.failuresBeforeLock) return false;
  await lockAddress(db, addressHash, addSeconds(now, PASSWORD_SIGN_IN.lockSeconds).toISOString());
  return true;
};
