import { assertStrongPassword } from '../../domain/password-policy.js';
import { commonPasswords } from '../../infra/common-passwords.js';
import type { User } from '../../infra/db/tables/users-table.js';
import { hashPassword } from '../../infra/password-hash.js';

/**
 * The hash of a user's new password, once it keeps the rules (400 WEAK_PASSWORD naming `field`);
 * scrypt's tenth of a second runs before any transaction, so none is held open by it.
 */
export const newPasswordHash = async (user: Pick<User, 'name' | 'email'>, password: string, field: string): Promise<string> => {
  assertStrongPassword(password, { name: user.name, email: user.email, commonPasswords: commonPasswords() }, field);
  return hashPassword(password);
};
