/**
 * Credentials that travel in requests (docs/operations/scaling.md: access, refresh, signing, embedded, builder,
 * setup, reset and sign-in tokens, the console's session cookie, the signing session) never reach
 * the logs. One rule covers every route, present and future, by what things are named and what
 * tokens look like, so no route needs a special case here:
 * - a path segment that the matched route names by a credential parameter (`:token`,
 *   `:signingCode`, `:builderCode`, a future `:setupToken`…);
 * - a query parameter or a header named like a credential (`token`, `access_token`, `code`,
 *   `authorization`, `cookie`, `countersign-signing-session`, `x-…-token`…);
 * - anywhere else, a value shaped like a secret the service mints (`cs_` + two letters + `_`, see
 *   newSecret's callers, or a webhook's `whsec_`): what catches tokens in URLs that matched no route.
 */

export const REDACTED = '[redacted]';

/** `code` only at the end of a name (`signingCode`, `?code=`): `accept-encoding` is no credential. */
const CREDENTIAL_NAME = /token|secret|password|passwd|credential|session|authorization|cookie|signature|api[-_]?key|code$/i;

const SECRET_SHAPE = /(?:cs_[a-z]{2}|whsec)_/;
const SECRETS = /(?:cs_[a-z]{2}|whsec)_[\w-]*/g;

/** A route pattern's parameters (find-my-way syntax: `:name`, optionally followed by a `(regex)`). */
const PARAMETER = /:(\w+)/g;

const isCredentialName = (name: string): boolean => CREDENTIAL_NAME.test(name);

/** Hostile input may carry a broken %-escape: then the raw text is what is judged. */
const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

const looksSecret = (text: string): boolean => SECRET_SHAPE.test(decoded(text));

const namesCredential = (patternSegment: string | undefined): boolean =>
  patternSegment !== undefined && [...patternSegment.matchAll(PARAMETER)].some(([, name]) => isCredentialName(name!));

/**
 * Route parameters never span a `/` (only a trailing `*` does, and it names no credential), so the
 * pattern's segments line up with the path's from the start.
 */
const redactPath = (path: string, routePattern: string | undefined): string => {
  const patternSegments = routePattern?.split('/') ?? [];
  return path
    .split('/')
    .map((segment, index) => (namesCredential(patternSegments[index]) || looksSecret(segment) ? REDACTED : segment))
    .join('/');
};

const redactQueryPair = (pair: string): string => {
  const separator = pair.indexOf('=');
  if (separator < 0) return looksSecret(pair) ? REDACTED : pair;
  const name = pair.slice(0, separator);
  if (looksSecret(name)) return `${REDACTED}=${REDACTED}`;
  return isCredentialName(decoded(name)) || looksSecret(pair.slice(separator + 1)) ? `${name}=${REDACTED}` : pair;
};

const redactQuery = (query: string): string => query.split('&').map(redactQueryPair).join('&');

/**
 * A request URL as it may be logged. `routePattern` is the route the router matched (Fastify's
 * `routeOptions.url`, such as `/embed/template/:token`); without one (a 404, a URL the router
 * refused) only secret-shaped values and credential query parameters are recognised.
 */
export const redactUrl = (url: string, routePattern?: string): string => {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return redactPath(url, routePattern);
  return `${redactPath(url.slice(0, queryStart), routePattern)}?${redactQuery(url.slice(queryStart + 1))}`;
};

type HeaderValue = string | string[] | number | undefined;

const redactHeaderValue = (value: HeaderValue): HeaderValue => {
  if (Array.isArray(value)) return value.map((item) => item.replace(SECRETS, REDACTED));
  return typeof value === 'string' ? value.replace(SECRETS, REDACTED) : value;
};

/** Headers as they may be logged: credential headers censored whole, secret-shaped values (a Referer's token) cut out. */
export const redactHeaders = (headers: Record<string, HeaderValue>): Record<string, HeaderValue> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, isCredentialName(name) ? REDACTED : redactHeaderValue(value)]));
