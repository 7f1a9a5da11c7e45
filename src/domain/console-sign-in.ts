/** The lifetimes and limits of the console's sign-in (docs/api/sign-in.md). */
export const CONSOLE_SIGN_IN = {
  /** A sign-in link works once, within this time. */
  linkTtlSeconds: 15 * 60,
  /** Links e-mailed to one address within `linksWindowSeconds`; beyond it a request sends nothing (and still answers 200). */
  linksPerAddress: 5,
  linksWindowSeconds: 15 * 60,
  /** A session unused this long has ended; every token exchange counts as use. */
  sessionIdleSeconds: 12 * 60 * 60,
  /** A session ends this long after the link opened it, used or not. */
  sessionMaxSeconds: 7 * 24 * 60 * 60,
  /** The access token a session exchanges for. */
  accessTokenTtlSeconds: 15 * 60,
} as const;

/** When an open session next ends if unused: its idle deadline, never past its absolute one. */
export const sessionDeadline = (lastSeenAt: Date, expiresAt: Date): Date =>
  new Date(Math.min(lastSeenAt.getTime() + CONSOLE_SIGN_IN.sessionIdleSeconds * 1000, expiresAt.getTime()));
