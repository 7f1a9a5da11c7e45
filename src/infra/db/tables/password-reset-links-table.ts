import type { Db } from '../database.js';
import { rowCodec } from '../row-codec.js';
import type { PasswordResetLinksTable } from '../schema.js';

/** A mailed password reset link; the token itself is never stored. */
export interface PasswordResetLink {
  tokenHash: string;
  userId: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

const resetLinkCodec = rowCodec<PasswordResetLink, PasswordResetLinksTable>({
  tokenHash: 'token_hash',
  userId: 'user_id',
  expiresAt: 'expires_at',
  usedAt: 'used_at',
  createdAt: 'created_at',
});

export const insertPasswordResetLink = async (db: Db, link: PasswordResetLink): Promise<void> => {
  await db.insertInto('password_reset_links').values(resetLinkCodec.toRow(link)).execute();
};

export const readPasswordResetLink = async (db: Db, tokenHash: string): Promise<PasswordResetLink | undefined> => {
  const row = await db.selectFrom('password_reset_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  return row && resetLinkCodec.fromRow(row);
};

/** Marks a link used unless it already is: false then, so of two uses at once exactly one sets the password. */
export const usePasswordResetLink = async (db: Db, tokenHash: string, usedAt: string): Promise<boolean> => {
  const result = await db
    .updateTable('password_reset_links')
    .set({ used_at: usedAt })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Every unused link of the user is spent: a new password makes older links pointless. */
export const usePasswordResetLinksOfUser = async (db: Db, userId: string, usedAt: string): Promise<void> => {
  await db
    .updateTable('password_reset_links')
    .set({ used_at: usedAt })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
};

/** How many links a user was sent since `since`: the per-address limit. */
export const countPasswordResetLinksSince = async (db: Db, userId: string, since: string): Promise<number> => {
  const row = await db
    .selectFrom('password_reset_links')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
