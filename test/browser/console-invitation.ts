import assert from 'node:assert/strict';
import type { BrowserContext } from 'playwright-core';
import { inviteUser } from '../../src/app/users/invite-user.js';
import type { UserRole } from '../../src/domain/user-role.js';
import { linksIn, type SmtpSink } from '../support/smtp-sink.js';
import type { TestServer } from '../support/test-server.js';
import { onServer } from './chromium.js';

/** Invites a person to the account and answers the console sign-in link their invitation mail carries, on the test server. */
export const invitationSignInLink = async (
  server: TestServer,
  sink: SmtpSink,
  person: { accountId: string; email: string; name: string; role: UserRole },
): Promise<string> => {
  await inviteUser(server.service.ctx, person);
  const mail = await sink.waitFor((m) => JSON.stringify(m.to).includes(person.email));
  const link = linksIn(mail).find((url) => url.includes('/console/login/'));
  assert.ok(link, 'the invitation carries a sign-in link');
  return onServer(server.url, link);
};

/** Signs the person in to the console in the browser context through their invitation's link, as they would. */
export const signInThroughInvitation = async (
  context: BrowserContext,
  server: TestServer,
  sink: SmtpSink,
  person: { accountId: string; email: string; name: string; role: UserRole },
): Promise<void> => {
  const link = await invitationSignInLink(server, sink, person);
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('link', { name: 'Send', exact: true }).waitFor({ timeout: 15_000 });
  await page.close();
};
