/** What the account's security log records (docs/api/sign-in.md "Security log"). */
export const SECURITY_EVENT_TYPES = [
  'sign_in',
  'sign_in_failed',
  'user_locked',
  'password_changed',
  'password_reset',
  'passkey_added',
  'passkey_removed',
  'sso_changed',
  'sso_refused',
] as const;

export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** How a person signed in, or tried to. */
export const SIGN_IN_METHODS = ['password', 'passkey', 'email_link', 'sso'] as const;

export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export interface SecurityEvent {
  id: string;
  accountId: string;
  type: SecurityEventType;
  userId: string | null;
  /** The address as it was then: the log outlives the user. */
  userEmail: string | null;
  method: SignInMethod | null;
  ip: string | null;
  userAgent: string | null;
  /** A short fixed phrase saying what happened (never a password, token or secret). */
  detail: string | null;
  at: string;
}
