/** The limits of password sign-in and reset (docs/api/sign-in.md "Passwords"). */
export const PASSWORD_SIGN_IN = {
  /** Failed sign-ins for one address within `failureWindowSeconds` that lock it. */
  failuresBeforeLock: 10,
  failureWindowSeconds: 15 * 60,
  /** How long a locked address answers 423 USER_LOCKED, whatever password it is given. */
  lockSeconds: 15 * 60,
  /** A reset link works once, within this time. */
  resetLinkTtlSeconds: 15 * 60,
  /** Reset links mailed to one address within `resetLinksWindowSeconds`; beyond it a request sends nothing (and still answers 200). */
  resetLinksPerAddress: 5,
  resetLinksWindowSeconds: 15 * 60,
} as const;
