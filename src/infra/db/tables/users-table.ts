import type { UserRole } from '../../../domain/user-role.js';
import type { Db } from '../database.js';
import { oneOf, rowCodec } from '../row-codec.js';
import type { UsersTable } from '../schema.js';

export interface User {
  id: string;
  accountId: string;
  name: string;
  /** Lower-cased; one user per address across the service (docs/api/people.md). */
  email: string;
  role: UserRole;
  createdAt: string;
}

/** The password hash stays out of the model: only sign-in reads it (readPasswordHash). */
export const userCodec = rowCodec<User, Omit<UsersTable, 'password_hash'>>({
  id: 'id',
  accountId: 'account_id',
  name: 'name',
  email: 'email',
  role: ['role', oneOf<UserRole>()],
  createdAt: 'created_at',
});

export const insertUser = async (db: Db, user: User): Promise<void> => {
  await db.insertInto('users').values(userCodec.toRow(user)).execute();
};

/** Every user with this (lower-cased) address: one, except for owners of accounts created before addresses had to be unique. */
export const readUsersByEmail = async (db: Db, email: string): Promise<User[]> => {
  const rows = await db.selectFrom('users').selectAll().where('email', '=', email).limit(2).execute();
  return rows.map((row) => userCodec.fromRow(row));
};

export const readUser = async (db: Db, userId: string): Promise<User | undefined> => {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  return row && userCodec.fromRow(row);
};

/** The account's users, oldest first. */
export const listUsersOfAccount = async (db: Db, accountId: string, limit: number): Promise<User[]> => {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => userCodec.fromRow(row));
};

export const countUsersOfAccount = async (db: Db, accountId: string): Promise<number> => {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const updateUserRole = async (db: Db, userId: string, role: UserRole): Promise<void> => {
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
};

/** Removes the user row; its sign-in links, sessions and their tokens must be gone first (foreign keys). */
export const deleteUser = async (db: Db, userId: string): Promise<void> => {
  await db.deleteFrom('users').where('id', '=', userId).execute();
};

/** The user's password hash (src/infra/password-hash.ts), or null when the user has none. */
export const readPasswordHash = async (db: Db, userId: string): Promise<string | null> => {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash ?? null;
};

export const setPasswordHash = async (db: Db, userId: string, passwordHash: string): Promise<void> => {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
};
