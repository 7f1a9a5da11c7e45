import type { Db } from '../database.js';
import { rowCodec } from '../row-codec.js';
import type { UsersTable } from '../schema.js';

export interface User {
  id: string;
  accountId: string;
  name: string;
  email: string;
  createdAt: string;
}

export const userCodec = rowCodec<User, UsersTable>({
  id: 'id',
  accountId: 'account_id',
  name: 'name',
  email: 'email',
  createdAt: 'created_at',
});

export const insertUser = async (db: Db, user: User): Promise<void> => {
  await db.insertInto('users').values(userCodec.toRow(user)).execute();
};
