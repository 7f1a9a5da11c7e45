import assert from 'node:assert/strict';
import type { UserRole } from '../../src/domain/user-role.js';
import { exchangeConsoleSession, signInNewConsoleUser, type ConsoleUser } from './console-users.js';
import type { ApiResponse, TestServer } from './test-server.js';

/** A password that keeps the rules (docs/api/people.md "Passwords") and names nobody. */
export const GOOD_PASSWORD = 'copper kettle orbit lantern';
export const OTHER_GOOD_PASSWORD = 'violet harbour sings quietly';

/** `POST /console/sign_in` as the sign-in page sends it: no app_auth_type header. */
export const signInWithPassword = (server: TestServer, email: string, password: string): Promise<ApiResponse> =>
  server.call('POST', '/api/v2.0/console/sign_in', { noAppAuthType: true, body: { email, password } });

/** `POST /console/password` with a console access token. */
export const changePassword = (server: TestServer, token: string, body: Record<string, unknown>): Promise<ApiResponse> =>
  server.call('POST', '/api/v2.0/console/password', { token, body });

/** The `name=value` of the session cookie an answer set. */
export const sessionCookieFrom = (response: ApiResponse): string => {
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  assert.match(cookie, /^countersign_session=cs_ss_/);
  return cookie;
};

/** A new console user (signed in by link) who then sets a first password. */
export const newUserWithPassword = async (
  server: TestServer,
  accountId: string,
  role: UserRole = 'sender',
  password = GOOD_PASSWORD,
): Promise<ConsoleUser & { password: string }> => {
  const user = await signInNewConsoleUser(server, accountId, role);
  const set = await changePassword(server, user.token, { new_password: password });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  return { ...user, password };
};

/** Signs in with a password and exchanges the new session for a console access token. */
export const passwordSession = async (server: TestServer, email: string, password: string): Promise<{ cookie: string; token: string }> => {
  const signedIn = await signInWithPassword(server, email, password);
  assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
  const cookie = sessionCookieFrom(signedIn);
  const exchanged = await exchangeConsoleSession(server, cookie);
  assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
  return { cookie, token: exchanged.body.data.access_token as string };
};
