import { Type, type Static } from 'typebox';
import type { ListedUser } from '../../../app/users/list-users.js';
import { USER_ROLES, type UserRole } from '../../../domain/user-role.js';
import { Email, Strict, Text, Timestamp } from '../../schema-kit.js';

export const Role = Type.Unsafe<UserRole>(
  Type.String({
    enum: [...USER_ROLES],
    maxLength: 16,
    'x-invalid-code': 'INVALID_ROLE',
    description: '`admin`: everything the account can do; `sender`: envelopes and templates only',
  }),
);

export const UserData = Type.Object({
  user_id: Text(64),
  name: Text(255),
  email: Email(),
  role: Type.String({ enum: [...USER_ROLES], maxLength: 16 }),
  is_owner: Type.Boolean({ description: 'The owner made with the account: always an admin, never removed' }),
  created_at: Timestamp(),
});

/** `{userId}` in the path: any well-formed id, so an unknown or foreign one answers 404 USER_NOT_FOUND. */
export const UserIdParams = Strict({
  userId: Text(64, { minLength: 1, pattern: '^[A-Za-z0-9_-]+$', description: 'The user_id' }),
});

export const presentUser = (user: ListedUser): Static<typeof UserData> => ({
  user_id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  is_owner: user.isOwner,
  created_at: user.createdAt,
});
