import { AppError } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import { readAccountWithOwner } from '../../infra/db/tables/accounts-table.js';
import { readUser, type User } from '../../infra/db/tables/users-table.js';
import type { Caller } from '../context.js';

/** A person the ledger and the mails name: a user of the account. */
export interface Person {
  userId: string;
  name: string;
  email: string;
}

const personOf = (user: User): Person => ({ userId: user.id, name: user.name, email: user.email });

/** The account's owner and, if given and still a user of the account, that user. */
const readOwnerAndUser = async (db: Db, accountId: string, userId: string | null): Promise<{ owner: User; user: User | undefined }> => {
  const found = await readAccountWithOwner(db, accountId);
  if (!found) throw new Error(`No account ${accountId}.`);
  if (userId === null || userId === found.owner.id) return { owner: found.owner, user: found.owner };
  const user = await readUser(db, userId);
  return { owner: found.owner, user: user?.accountId === accountId ? user : undefined };
};

/**
 * Who an authenticated request acts as (docs/api/people.md "Who acted"): a console token's user, or the
 * account's owner for an API client, which acts as the account. A console user removed since their
 * token was checked (another process may still hold it in its cache) is refused rather than
 * recorded under someone else's name: their tokens died with them.
 */
export const actingPerson = async (db: Db, caller: Pick<Caller, 'accountId' | 'userId'>): Promise<Person> => {
  const { user } = await readOwnerAndUser(db, caller.accountId, caller.userId);
  if (!user) throw new AppError('INVALID_ACCESS_TOKEN', 'The access token is missing, unknown, revoked or expired.');
  return personOf(user);
};

/** The user while they are still a user of the account, else (or for null) the account's owner. */
export const userOrOwner = async (db: Db, accountId: string, userId: string | null): Promise<Person> => {
  const { owner, user } = await readOwnerAndUser(db, accountId, userId);
  return personOf(user ?? owner);
};

/**
 * The envelope's sender, named in its notices and sent its decline, expiry and completion mails:
 * the user who created it while they are still a user of the account, else the account's owner
 * (an envelope an API client created stores the owner; docs/api/people.md "Who acted").
 */
export const senderOf = (db: Db, envelope: { accountId: string; createdByUserId: string }): Promise<Person> =>
  userOrOwner(db, envelope.accountId, envelope.createdByUserId);
