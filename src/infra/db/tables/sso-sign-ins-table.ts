import type { Db } from '../database.js';

/** A sign-in between `/console/sso/start` and its callback. */
export interface PendingSsoSignIn {
  stateHash: string;
  accountId: string;
  nonce: string;
  codeVerifier: string;
  expiresAt: string;
  createdAt: string;
}

export const insertPendingSsoSignIn = async (db: Db, signIn: PendingSsoSignIn): Promise<void> => {
  await db
    .insertInto('sso_sign_ins')
    .values({
      state_hash: signIn.stateHash,
      account_id: signIn.accountId,
      nonce: signIn.nonce,
      code_verifier: signIn.codeVerifier,
      expires_at: signIn.expiresAt,
      created_at: signIn.createdAt,
    })
    .execute();
};

/** Reads and deletes the sign-in in one statement, so of two callbacks with one state only one gets it. */
export const takePendingSsoSignIn = async (db: Db, stateHash: string): Promise<PendingSsoSignIn | undefined> => {
  const row = await db.deleteFrom('sso_sign_ins').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
  return (
    row && {
      stateHash: row.state_hash,
      accountId: row.account_id,
      nonce: row.nonce,
      codeVerifier: row.code_verifier,
      expiresAt: row.expires_at,
      createdAt: row.created_at,
    }
  );
};

/** Forgets sign-ins nobody finished. */
export const prunePendingSsoSignIns = async (db: Db, now: string): Promise<void> => {
  await db.deleteFrom('sso_sign_ins').where('expires_at', '<=', now).execute();
};

export const deletePendingSsoSignIns = async (db: Db, accountId: string): Promise<void> => {
  await db.deleteFrom('sso_sign_ins').where('account_id', '=', accountId).execute();
};
