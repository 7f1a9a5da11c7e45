/**
 * What a person (or a token) may do in an account (docs/api/people.md): `admin` everything the account can
 * do, `sender` envelopes and templates only. API clients act as admins.
 */
export const USER_ROLES = ['admin', 'sender'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const isUserRole = (value: string): value is UserRole => (USER_ROLES as readonly string[]).includes(value);
