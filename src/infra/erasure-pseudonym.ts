import { createHmac, randomBytes } from 'node:crypto';

/** A fresh per-account erasure salt (hex): 256 random bits. */
export const newErasureSalt = (): string => randomBytes(32).toString('hex');

/**
 * The salted hash that stands for an erased value: HMAC-SHA-256 keyed with the account's salt, so the same value
 * erased twice gets the same pseudonym within the account, while nobody without the salt can test guesses against it.
 */
export const pseudonymHash = (salt: string, kind: string, value: string): string =>
  createHmac('sha256', Buffer.from(salt, 'hex')).update(`${kind}\u0000${value}`).digest('hex').slice(0, 24);
