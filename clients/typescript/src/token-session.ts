import { CountersignError } from './countersign-error.js';

/** The token pair of a login or refresh (the `data` both answer). */
export interface TokenPair {
  access_token: string;
  refresh_token: string;
  /** Unix time (seconds) at which the access token expires. */
  expires_in: number;
}

export interface TokenSessionOptions {
  /** POST /authorization/token with the client's credentials. */
  login(): Promise<TokenPair>;
  /** POST /authorization/refresh_token with the current pair. */
  refresh(pair: TokenPair): Promise<TokenPair>;
  /** Milliseconds since the epoch. */
  now(): number;
  /** Refresh this long before the access token expires. */
  refreshMarginMs: number;
}

/**
 * The access token every call carries: logged in on first use, refreshed before it expires or when the
 * service refuses it. Refresh tokens rotate, so at most one login or refresh is in flight: every call that
 * needs a token meanwhile waits for that one (a second refresh with the retired token would revoke the family).
 */
export class TokenSession {
  private pair: TokenPair | undefined;
  private pending: Promise<TokenPair> | undefined;

  constructor(private readonly options: TokenSessionOptions) {}

  /** A token to send now. */
  async accessToken(): Promise<string> {
    const pair = this.pending ? await this.pending : this.pair;
    if (!pair) return (await this.renew(undefined)).access_token;
    if (pair.expires_in * 1000 - this.options.refreshMarginMs <= this.options.now())
      return (await this.renew(pair.access_token)).access_token;
    return pair.access_token;
  }

  /** The service refused `rejected`: a new token, refreshed once however many calls were refused with it. */
  async replace(rejected: string): Promise<string> {
    if (this.pending) return (await this.pending).access_token;
    if (this.pair && this.pair.access_token !== rejected) return this.pair.access_token;
    return (await this.renew(rejected)).access_token;
  }

  private renew(stale: string | undefined): Promise<TokenPair> {
    if (this.pending) return this.pending;
    if (this.pair && stale !== undefined && this.pair.access_token !== stale) return Promise.resolve(this.pair);
    const current = this.pair;
    this.pending = (current ? this.refreshOrLogin(current) : this.options.login()).then(
      (pair) => {
        this.pair = pair;
        this.pending = undefined;
        return pair;
      },
      (error: unknown) => {
        this.pending = undefined;
        throw error;
      },
    );
    return this.pending;
  }

  private async refreshOrLogin(current: TokenPair): Promise<TokenPair> {
    try {
      return await this.options.refresh(current);
    } catch (error) {
      // A refused refresh token (expired after 30 days, or its family revoked) never works again; the credentials still do.
      if (error instanceof CountersignError && error.status === 401) return this.options.login();
      throw error;
    }
  }
}
