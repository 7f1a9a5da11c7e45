/** The bounds and lifetimes of passkeys (docs/api/passkeys.md). */
export const PASSKEYS = {
  /** A person's passkeys: phones, laptops and security keys, with room for old ones not yet removed. */
  maxPerUser: 20,
  /** A passkey's name as the person gives it (after trimming). */
  maxNameLength: 64,
  /** A challenge answers within this time, and the browser's prompt waits as long. */
  challengeTtlSeconds: 5 * 60,
  /** Registration challenges a user may hold at once: a new one beyond this replaces the oldest. */
  challengesPerUser: 5,
} as const;

/** The relying party of the installation: the host of PUBLIC_URL, and the origin browsers report for its pages. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Countersign' };
};

/**
 * Whether an assertion's signature counter is acceptable after the stored one. Authenticators that
 * keep no counter (most synced passkeys) always report 0; any other must report more than last time,
 * or the credential may have been cloned.
 */
export const counterAdvances = (stored: number, reported: number): boolean => (stored === 0 && reported === 0) || reported > stored;

/** The name of a passkey added without one: numbered after the person's others. */
export const defaultPasskeyName = (existing: number): string => `Passkey ${existing + 1}`;
