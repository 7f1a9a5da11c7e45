import type { TestServer } from './test-server.js';

/** Cookies per host, as a browser keeps them: enough for following the single sign-on redirects by hand. */
export class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  header(url: URL): string {
    return [...(this.jars.get(url.host) ?? new Map<string, string>())].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(url: URL, response: Response): void {
    const jar = this.jars.get(url.host) ?? new Map<string, string>();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...value] = pair!.trim().split('=');
      const expired = attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute));
      if (expired || !value.join('=')) jar.delete(name!);
      else jar.set(name!, value.join('='));
    }
    this.jars.set(url.host, jar);
  }

  /** A GET that does not follow redirects, with this host's cookies, keeping what it sets. */
  async get(url: URL, headers: Record<string, string> = {}): Promise<Response> {
    const response = await fetch(url, { redirect: 'manual', headers: { ...headers, cookie: this.header(url) } });
    this.keep(url, response);
    return response;
  }
}

export interface SsoRoundTrip {
  /** The provider's final redirect to the callback, as it named it. */
  callbackUrl: URL;
  /** The same path and query on the test server (whose PUBLIC_URL may name another port). */
  serverCallbackUrl: URL;
  jar: CookieJar;
}

/**
 * `/console/sso/start` for the address, then the provider's redirects (its interaction signs in
 * whoever the test chose) up to the redirect back to Countersign, which is not followed.
 */
export const ssoUpToCallback = async (server: TestServer, email: string, jar = new CookieJar()): Promise<SsoRoundTrip> => {
  const start = await jar.get(new URL(`${server.url}/console/sso/start?email=${encodeURIComponent(email)}`));
  if (start.status !== 303) throw new Error(`sso/start answered ${start.status}: ${await start.text()}`);
  const callbackPath = '/console/sso/callback';
  let location = new URL(start.headers.get('location')!);
  for (let hop = 0; hop < 12 && location.pathname !== callbackPath; hop++) {
    const response = await jar.get(location);
    const next = response.headers.get('location');
    if (!next) throw new Error(`the provider answered ${response.status} at ${location.pathname}: ${await response.text()}`);
    location = new URL(next, location);
  }
  return { callbackUrl: location, serverCallbackUrl: new URL(`${server.url}${location.pathname}${location.search}`), jar };
};
