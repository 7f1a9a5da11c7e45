import type { Language } from '../../../domain/language.js';
import type { Db } from '../database.js';
import { oneOf, rowCodec } from '../row-codec.js';
import type { PublicLinkCodesTable } from '../schema.js';

/** A code mailed to a public link's visitor, with the name and language they gave when asking for it. */
export interface PublicLinkCode {
  id: string;
  publicLinkId: string;
  email: string;
  name: string;
  language: Language;
  ip: string;
  codeHash: string;
  expiresAt: string;
  attempts: number;
  createdAt: string;
  usedAt: string | null;
}

const codeCodec = rowCodec<PublicLinkCode, PublicLinkCodesTable>({
  id: 'id',
  publicLinkId: 'public_link_id',
  email: 'email',
  name: 'name',
  language: ['language', oneOf<Language>()],
  ip: 'ip',
  codeHash: 'code_hash',
  expiresAt: 'expires_at',
  attempts: 'attempts',
  createdAt: 'created_at',
  usedAt: 'used_at',
});

export const insertPublicLinkCode = async (db: Db, code: PublicLinkCode): Promise<void> => {
  await db.insertInto('public_link_codes').values(codeCodec.toRow(code)).execute();
};

export const readPublicLinkCode = async (db: Db, id: string): Promise<PublicLinkCode | undefined> => {
  const row = await db.selectFrom('public_link_codes').selectAll().where('id', '=', id).executeTakeFirst();
  return row && codeCodec.fromRow(row);
};

/** The newest code mailed to this address for this link: the only one that counts (older ones were superseded). */
export const readNewestPublicLinkCode = async (db: Db, publicLinkId: string, email: string): Promise<PublicLinkCode | undefined> => {
  const row = await db
    .selectFrom('public_link_codes')
    .selectAll()
    .where('public_link_id', '=', publicLinkId)
    .where('email', '=', email)
    .orderBy('expires_at', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && codeCodec.fromRow(row);
};

/** The codes this link mailed since `since`, to this address and to anyone asking from this IP address. */
export const countPublicLinkCodesSince = async (
  db: Db,
  publicLinkId: string,
  { email, ip, since }: { email: string; ip: string; since: string },
): Promise<{ byAddress: number; byIp: number; oldestByAddress: string | null; oldestByIp: string | null }> => {
  const recent = db.selectFrom('public_link_codes').where('public_link_id', '=', publicLinkId).where('created_at', '>', since);
  const count = (column: 'email' | 'ip', value: string) =>
    recent
      .where(column, '=', value)
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('created_at').as('oldest')])
      .executeTakeFirstOrThrow();
  const [byAddress, byIp] = await Promise.all([count('email', email), count('ip', ip)]);
  return {
    byAddress: Number(byAddress.count),
    byIp: Number(byIp.count),
    oldestByAddress: byAddress.oldest ?? null,
    oldestByIp: byIp.oldest ?? null,
  };
};

/** Ends the live codes of an address as a new one is mailed: they expire now, so the new one is the newest by expiry too. */
export const supersedePublicLinkCodes = async (db: Db, publicLinkId: string, email: string, now: string): Promise<void> => {
  await db
    .updateTable('public_link_codes')
    .set({ expires_at: now })
    .where('public_link_id', '=', publicLinkId)
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
};

/**
 * Counts a guess before it is checked, while the code is live and has guesses left: of parallel
 * guesses no more than `maxAttempts` are ever checked. False when none is left.
 */
export const reservePublicLinkCodeAttempt = async (db: Db, id: string, maxAttempts: number, now: string): Promise<boolean> => {
  const result = await db
    .updateTable('public_link_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Uses the code up; false when another request already did. */
export const spendPublicLinkCode = async (db: Db, id: string, now: string): Promise<boolean> => {
  const result = await db
    .updateTable('public_link_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Forgets the codes mailed before `before`; answers how many. */
export const deletePublicLinkCodesCreatedBefore = async (db: Db, before: string): Promise<number> => {
  const deleted = await db.deleteFrom('public_link_codes').where('created_at', '<', before).executeTakeFirst();
  return Number(deleted.numDeletedRows);
};
