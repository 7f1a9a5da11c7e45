import assert from 'node:assert/strict';
import type { UserRole } from '../../src/domain/user-role.js';
import { inviteUser } from '../../src/app/users/invite-user.js';
import { operatorLoginLink } from '../../src/app/users/operator-login-link.js';
import type { ApiResponse, TestServer } from './test-server.js';

/** The header the console's own calls carry (docs/api/people.md). */
export const CONSOLE_HEADERS = { 'x-requested-with': 'countersign-console' };

export interface ConsoleUser {
  userId: string;
  email: string;
  /** `name=value` of the session cookie. */
  cookie: string;
  /** A 15-minute console access token, as the console's pages use it. */
  token: string;
}

let sequence = 0;

/** A console session's exchange of its cookie for an access token (`POST /console/token`). */
export const exchangeConsoleSession = (server: TestServer, cookie: string): Promise<ApiResponse> =>
  server.call('POST', '/api/v2.0/console/token', { noAppAuthType: true, headers: { ...CONSOLE_HEADERS, cookie } });

/** `POST /console/logout` with the session cookie. */
export const logOutOfConsole = (server: TestServer, cookie: string): Promise<ApiResponse> =>
  server.call('POST', '/api/v2.0/console/logout', { noAppAuthType: true, headers: { ...CONSOLE_HEADERS, cookie } });

/**
 * A new user of the account, signed in the way a person is: an operator's sign-in link opened over
 * HTTP (no mail to wait for), its session cookie exchanged for a console access token.
 */
export const signInNewConsoleUser = async (server: TestServer, accountId: string, role: UserRole): Promise<ConsoleUser> => {
  const email = `${role}-${++sequence}-${Date.now()}@people.test`;
  const user = await inviteUser(server.service.ctx, { accountId, email, name: `A ${role}`, role });
  const link = await operatorLoginLink(server.service.ctx, email);
  const opened = await fetch(`${server.url}${new URL(link.url).pathname}`, { redirect: 'manual' });
  assert.equal(opened.status, 303);
  const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
  const exchanged = await exchangeConsoleSession(server, cookie);
  assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
  return { userId: user.id, email, cookie, token: exchanged.body.data.access_token as string };
};
