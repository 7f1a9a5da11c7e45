import { errorFromResponse } from './countersign-error.js';
import { operations } from './generated/operations.js';
import type { OperationId, OperationMethods, PagedOperationId, Paginators } from './operation-types.js';
import { pagesOf } from './pages.js';
import { TokenSession, type TokenPair } from './token-session.js';

export interface CountersignClientOptions {
  /** Where the service answers, e.g. `https://sign.example.com` (the API's paths start with /api/v2.0). */
  baseUrl: string;
  /** The API client's id and secret, as `countersign account create` or `client create` printed them. */
  clientId: string;
  clientSecret: string;
  /** Another fetch (a proxy agent, a test double); the global fetch by default. */
  fetch?: typeof fetch;
  /** The clock (milliseconds since the epoch) that decides when the access token is due for refresh. */
  now?: () => number;
  /** Refresh this many seconds before the access token expires (default 60). */
  refreshMarginSeconds?: number;
}

type Operation = (typeof operations)[OperationId];
type Input = Record<string, unknown> & { query?: Record<string, unknown>; body?: unknown };
type Options = { signal?: AbortSignal; headers?: Record<string, string>; idempotencyKey?: string; accept?: string };

const APP_AUTH_TYPE = 'esign-oauth2';

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

const urlOf = (baseUrl: string, operation: Operation, input: Input) => {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = input[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`${operation.path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
  }
  return url;
};

/** The implementation behind CountersignClient's generated methods: one request of one operation. */
class Client {
  readonly paginate: Paginators;
  private readonly session: TokenSession;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: CountersignClientOptions) {
    if (!options.baseUrl || !options.clientId || !options.clientSecret)
      throw new TypeError('baseUrl, clientId and clientSecret are required');
    this.fetch = options.fetch ?? ((...args) => fetch(...args));
    this.session = new TokenSession({
      login: () => this.send<TokenPair>('login', { body: { credentials: base64(`${options.clientId}:${options.clientSecret}`) } }, {}),
      refresh: (pair) =>
        this.send<TokenPair>('refreshToken', { body: { access_token: pair.access_token, refresh_token: pair.refresh_token } }, {}),
      now: options.now ?? Date.now,
      refreshMarginMs: (options.refreshMarginSeconds ?? 60) * 1000,
    });
    const methods = this as unknown as Record<string, unknown>;
    const paginators: Record<string, unknown> = {};
    for (const id of Object.keys(operations) as OperationId[]) {
      methods[id] = (input: Input = {}, requestOptions: Options = {}) => this.send(id, input, requestOptions);
      const operation: Operation = operations[id];
      if ('pagination' in operation) {
        paginators[id] = (input: Input = {}, requestOptions: Options = {}) =>
          pagesOf(operation.pagination, input, (pageInput) => this.send(id as PagedOperationId, pageInput, requestOptions));
      }
    }
    this.paginate = paginators as Paginators;
  }

  private async send<T>(id: OperationId, input: Input, options: Options): Promise<T> {
    const operation: Operation = operations[id];
    const url = urlOf(this.options.baseUrl, operation, input);
    const headers: Record<string, string> = {
      accept: options.accept ?? operation.responseBody[0] ?? 'application/json',
      ...options.headers,
    };
    if (operation.auth !== 'none') headers.app_auth_type = APP_AUTH_TYPE;
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
    let body: BodyInit | undefined;
    if (input.body instanceof FormData) body = input.body;
    else if (input.body !== undefined) {
      body = JSON.stringify(input.body);
      headers['content-type'] = 'application/json';
    }
    const attempt = (token: string | undefined) =>
      this.fetch(url, {
        method: operation.method,
        headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
        body,
        redirect: 'error',
        signal: options.signal,
      });

    let token = operation.auth === 'bearer' ? await this.session.accessToken() : undefined;
    let response = await attempt(token);
    if (token && response.status === 401) {
      const refused = await errorFromResponse(response);
      if (!refused.hasErrorCode('INVALID_ACCESS_TOKEN')) throw refused;
      token = await this.session.replace(token);
      response = await attempt(token);
    }
    if (!response.ok) throw await errorFromResponse(response);
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('json')) return new Uint8Array(await response.arrayBuffer()) as T;
    const answer = (await response.json()) as { data?: unknown };
    return (typeof answer === 'object' && answer !== null && 'data' in answer ? answer.data : answer) as T;
  }
}

/** A client of the Countersign API: one method per operation, logged in on first use. */
export type CountersignClient = Client & OperationMethods;

export const CountersignClient = Client as unknown as new (options: CountersignClientOptions) => CountersignClient;
