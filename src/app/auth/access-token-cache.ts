import { LRUCache } from 'lru-cache';
import type { Clock } from '../../domain/clock.js';
import type { Caller } from '../context.js';

/** A token's caller as the database showed it, with what revocation and expiry are checked against. */
export interface CachedToken {
  caller: Caller;
  /** The token family of an API client's login, or the console session: what is revoked together. */
  familyId: string;
  /** The token's own expiry, in ms since the epoch. */
  expiresAt: number;
}

export interface AccessTokenCacheOptions {
  /** Tokens kept at most; the least recently used go first. */
  max: number;
  /** How long a token's standing is believed without reading the database again: the bound on seeing another process's revocation. */
  ttlMs: number;
}

export const ACCESS_TOKEN_CACHE_DEFAULTS: AccessTokenCacheOptions = { max: 10_000, ttlMs: 30_000 };

/**
 * Access tokens this process has recently checked against the database, so that an authenticated
 * request needs no token lookup. Only valid tokens are kept, keyed by their hash (the token itself is
 * never held), each for at most `ttlMs` and never past its own expiry, both by the injected clock.
 * A revocation this process makes or sees evicts at once; one made by another process (the CLI,
 * another server) is seen when the entry's `ttlMs` has passed.
 */
export class AccessTokenCache {
  private readonly tokens: LRUCache<string, CachedToken>;
  /** Bumped by every eviction, so that a lookup that read the database before a revocation does not cache its stale answer. */
  private evictions = 0;

  constructor(
    private readonly clock: Clock,
    private readonly options: AccessTokenCacheOptions = ACCESS_TOKEN_CACHE_DEFAULTS,
  ) {
    // ttlResolution 0: staleness is judged by the clock at every read, so a moved test clock is seen at once.
    this.tokens = new LRUCache({ max: options.max, ttl: options.ttlMs, ttlResolution: 0, perf: { now: () => clock.now().getTime() } });
  }

  /** The cached standing of an unexpired token, if this process checked it within the TTL. */
  get(tokenHash: string): CachedToken | undefined {
    const token = this.tokens.get(tokenHash);
    return token && token.expiresAt > this.clock.now().getTime() ? token : undefined;
  }

  /** A marker to take before reading a token from the database and to hand back to `remember`. */
  mark(): number {
    return this.evictions;
  }

  /** Keeps a token the database showed valid, unless something was evicted since `mark` (the read may predate that revocation). */
  remember(tokenHash: string, token: CachedToken, mark: number): void {
    if (mark !== this.evictions) return;
    const remaining = token.expiresAt - this.clock.now().getTime();
    if (remaining > 0) this.tokens.set(tokenHash, token, { ttl: Math.min(this.options.ttlMs, remaining) });
  }

  /** Every token issued through this API client. */
  forgetClient(clientId: string): void {
    this.forget((token) => token.caller.clientId === clientId);
  }

  /** Every token of one login (a token family). */
  forgetFamily(familyId: string): void {
    this.forget((token) => token.familyId === familyId);
  }

  private forget(matches: (token: CachedToken) => boolean): void {
    this.evictions++;
    const doomed = [...this.tokens.entries()].filter(([, token]) => matches(token)).map(([hash]) => hash);
    for (const hash of doomed) this.tokens.delete(hash);
  }
}
