import type { Db } from '../database.js';
import { rowCodec } from '../row-codec.js';
import type { ConsoleLoginLinksTable } from '../schema.js';

/** An e-mailed sign-in link; the token itself is never stored. */
export interface ConsoleLoginLink {
  tokenHash: string;
  userId: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

const loginLinkCodec = rowCodec<ConsoleLoginLink, ConsoleLoginLinksTable>({
  tokenHash: 'token_hash',
  userId: 'user_id',
  expiresAt: 'expires_at',
  usedAt: 'used_at',
  createdAt: 'created_at',
});

export const insertLoginLink = async (db: Db, link: ConsoleLoginLink): Promise<void> => {
  await db.insertInto('console_login_links').values(loginLinkCodec.toRow(link)).execute();
};

export const readLoginLink = async (db: Db, tokenHash: string): Promise<ConsoleLoginLink | undefined> => {
  const row = await db.selectFrom('console_login_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  return row && loginLinkCodec.fromRow(row);
};

/** Marks a link used unless it already is: false then, so two openings at once make one session. */
export const useLoginLink = async (db: Db, tokenHash: string, usedAt: string): Promise<boolean> => {
  const result = await db
    .updateTable('console_login_links')
    .set({ used_at: usedAt })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** How many links a user was sent since `since`: the per-address limit. */
export const countLoginLinksSince = async (db: Db, userId: string, since: string): Promise<number> => {
  const row = await db
    .selectFrom('console_login_links')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const deleteLoginLinksOfUser = async (db: Db, userId: string): Promise<void> => {
  await db.deleteFrom('console_login_links').where('user_id', '=', userId).execute();
};
