import type { ApiFailure } from '../shared/api-failure.js';
import { failureFromBody, networkFailure } from '../shared/api-failure.js';
import type { ApiBody, ApiData, ApiMessage } from '../shared/api-types.js';

const API = '/api/v2.0';
/** The console's CSRF guard: a header a cross-site form cannot send. */
const CONSOLE_HEADER = { 'X-Requested-With': 'countersign-console' };
/** Every bearer operation of the API also wants this header (docs/api/authentication.md), the console's calls too. */
const APP_AUTH_TYPE = 'esign-oauth2';
/** Exchange again this long before the token's end, so no request races its expiry. */
const RENEW_EARLY_MS = 60_000;

type ConsoleToken = ApiData<'exchangeConsoleSession'>;
export type SignedInUser = ConsoleToken['user'];
export type SignedInAccount = ConsoleToken['account'];

const fetchOrFail = async (url: string, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(url, { credentials: 'same-origin', ...init });
  } catch {
    throw networkFailure();
  }
};

const failed = async (response: Response): Promise<ApiFailure> => failureFromBody(response.status, await response.json().catch(() => null));

/**
 * The console is an ordinary API client: its session cookie buys a 15-minute access token
 * (POST /console/token), which every call sends as a bearer token. One exchange at a time.
 */
class ConsoleApi {
  private token: ConsoleToken | null = null;
  private exchanging: Promise<ConsoleToken> | null = null;

  /** The signed-in user, or an ApiFailure (401 SESSION_REQUIRED when there is no session). */
  async session(): Promise<{ user: SignedInUser; account: SignedInAccount }> {
    const token = await this.currentToken();
    return { user: token.user, account: token.account };
  }

  private currentToken(): Promise<ConsoleToken> {
    if (this.token && this.token.expires_in * 1000 - RENEW_EARLY_MS > Date.now()) return Promise.resolve(this.token);
    this.exchanging ??= this.exchange().finally(() => {
      this.exchanging = null;
    });
    return this.exchanging;
  }

  private async exchange(): Promise<ConsoleToken> {
    const response = await fetchOrFail(`${API}/console/token`, {
      method: 'POST',
      headers: { ...CONSOLE_HEADER, Accept: 'application/json' },
    });
    if (!response.ok) throw await failed(response);
    this.token = ((await response.json()) as { data: ConsoleToken }).data;
    return this.token;
  }

  private async send(path: string, init: RequestInit, retried = false): Promise<Response> {
    const token = await this.currentToken();
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${token.access_token}`);
    headers.set('app_auth_type', APP_AUTH_TYPE);
    const response = await fetchOrFail(`${API}${path}`, { ...init, headers });
    // Only a refused token is worth a new exchange: another 401 (a wrong current password) would count twice.
    if (response.status === 401 && !retried && (await failed(response.clone())).code === 'INVALID_ACCESS_TOKEN') {
      this.token = null;
      return this.send(path, init, true);
    }
    if (!response.ok) throw await failed(response);
    return response;
  }

  /** A JSON operation; resolves to the answer's `data` (or the whole body when it has none). */
  async request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const init: RequestInit = { method, headers: { Accept: 'application/json', ...headers } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    }
    const parsed = (await (await this.send(path, init)).json()) as { data?: T };
    return (parsed.data ?? parsed) as T;
  }

  /** A multipart upload (field `file`), as the upload operations take; `fields` are text parts sent before the file. */
  async upload<T>(path: string, file: File, fields: Record<string, string> = {}): Promise<T> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, file.name);
    const response = await this.send(path, { method: 'POST', body: form, headers: { Accept: 'application/json' } });
    return ((await response.json()) as { data: T }).data;
  }

  /** A file; `Accept` picks the raw bytes where an operation also answers JSON (the downloads do). */
  async bytes(path: string, accept = 'application/pdf'): Promise<Blob> {
    return (await this.send(path, { method: 'GET', headers: { Accept: accept } })).blob();
  }

  async signOut(): Promise<void> {
    await fetchOrFail(`${API}/console/logout`, { method: 'POST', headers: CONSOLE_HEADER });
    this.token = null;
  }
}

export const consoleApi = new ConsoleApi();

/** Public: always answers the same, whether or not the address belongs to a user. */
export const requestSignInLink = async (email: string): Promise<string> => {
  const response = await fetchOrFail(`${API}/console/login_link`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email } satisfies ApiBody<'requestConsoleLoginLink'>),
  });
  if (!response.ok) throw await failed(response);
  return ((await response.json()) as { message: ApiMessage<'requestConsoleLoginLink'> }).message;
};

/** Saves a downloaded file under its name, through a temporary object URL. */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
