import { addSeconds } from '../../domain/clock.js';
import { PASSKEYS } from '../../domain/passkey.js';
import type { Db } from '../../infra/db/database.js';
import {
  deleteExpiredPasskeyChallenges,
  insertPasskeyChallenge,
  trimPasskeyChallengesOfUser,
  type PasskeyChallengePurpose,
} from '../../infra/db/tables/passkey-challenges-table.js';

/**
 * Keeps a challenge handed out in the options, for the answer to use once within its lifetime. Every
 * issue prunes the expired ones, and a user keeps only their newest few registration challenges, so
 * the table stays as small as the traffic of the last few minutes (sign-in options are public: the
 * per-address request limit bounds them).
 */
export const keepPasskeyChallenge = async (
  db: Db,
  challenge: { challenge: string; purpose: PasskeyChallengePurpose; userId: string | null },
  now: Date,
): Promise<void> => {
  await deleteExpiredPasskeyChallenges(db, now.toISOString());
  await insertPasskeyChallenge(db, {
    ...challenge,
    expiresAt: addSeconds(now, PASSKEYS.challengeTtlSeconds).toISOString(),
    createdAt: now.toISOString(),
  });
  if (challenge.userId !== null) await trimPasskeyChallengesOfUser(db, challenge.userId, PASSKEYS.challengesPerUser);
};
