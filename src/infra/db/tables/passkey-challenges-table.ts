import type { Db } from '../database.js';
import { oneOf, rowCodec } from '../row-codec.js';
import type { PasskeyChallengesTable } from '../schema.js';

/** What a challenge was handed out for: a signed-in user's registration, or a sign-in by anyone. */
export type PasskeyChallengePurpose = 'registration' | 'sign_in';

export interface PasskeyChallenge {
  /** base64url, as the browser echoes it in clientDataJSON. */
  challenge: string;
  purpose: PasskeyChallengePurpose;
  userId: string | null;
  expiresAt: string;
  createdAt: string;
}

const challengeCodec = rowCodec<PasskeyChallenge, PasskeyChallengesTable>({
  challenge: 'challenge',
  purpose: ['purpose', oneOf<PasskeyChallengePurpose>()],
  userId: 'user_id',
  expiresAt: 'expires_at',
  createdAt: 'created_at',
});

export const insertPasskeyChallenge = async (db: Db, challenge: PasskeyChallenge): Promise<void> => {
  await db.insertInto('passkey_challenges').values(challengeCodec.toRow(challenge)).execute();
};

/**
 * Uses a live challenge up: true when this call deleted it, so of two answers to one challenge only
 * one passes. A registration's challenge must be its user's.
 */
export const consumePasskeyChallenge = async (
  db: Db,
  wanted: { challenge: string; purpose: PasskeyChallengePurpose; userId: string | null; now: string },
): Promise<boolean> => {
  const result = await db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', wanted.challenge)
    .where('purpose', '=', wanted.purpose)
    .where('user_id', wanted.userId === null ? 'is' : '=', wanted.userId)
    .where('expires_at', '>', wanted.now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
};

/** Every challenge past its expiry, whoever it was for. */
export const deleteExpiredPasskeyChallenges = async (db: Db, now: string): Promise<void> => {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
};

/** The user's registration challenges beyond the newest `keep`. */
export const trimPasskeyChallengesOfUser = async (db: Db, userId: string, keep: number): Promise<void> => {
  const stale = await db
    .selectFrom('passkey_challenges')
    .select('challenge')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('challenge', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (stale.length > 0)
    await db
      .deleteFrom('passkey_challenges')
      .where(
        'challenge',
        'in',
        stale.map((row) => row.challenge),
      )
      .execute();
};

export const deletePasskeyChallengesOfUser = async (db: Db, userId: string): Promise<void> => {
  await db.deleteFrom('passkey_challenges').where('user_id', '=', userId).execute();
};
