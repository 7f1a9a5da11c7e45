import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { linksIn } from '../support/smtp-sink.js';
import { assertAccessible, screenshot } from './accessibility.js';
import { NARROW, WIDE, launchChromium, onServer, recordErrors } from './chromium.js';
import { invitationSignInLink } from './console-invitation.js';

const FIRST = 'copper kettle orbit lantern';
const SECOND = 'violet harbour sings quietly';

/** axe at both widths, with a screenshot of each to look at. */
const checkBothWidths = async (page: Page, name: string) => {
  for (const size of [WIDE, NARROW]) {
    await page.setViewportSize(size);
    await assertAccessible(page, `${name} at ${size.width} px`);
    await screenshot(page, `${name}-${size.width}`);
  }
  await page.setViewportSize(WIDE);
};

/** The refusals these scenarios provoke (a wrong password, a weak one, the exchange after signing out, the single sign-on lookup of an address no organisation holds) are the browser's console errors too. */
const unexpected = (error: string) => !/status of 40[014]/.test(error);

describeWithServer(
  'the console: passwords, reset and the security log',
  (server, sink) => {
    let browser: Browser;
    let accountId: string;

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      accountId = (await server.newAccount()).account_id;
      browser = await launchChromium();
    });
    after(() => browser?.close());

    const signOut = async (page: Page) => {
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${server.url}/`);
      await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    };

    const signIn = async (page: Page, email: string, password: string) => {
      await page.getByLabel('Work e-mail address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    };

    it('offers an invited person a first password, sets one in settings, and signs in with it after signing out', async () => {
      const email = `ada-${Date.now()}@people.test`;
      const link = await invitationSignInLink(server, sink, { accountId, email, name: 'Ada Admin', role: 'admin' });
      const page = await browser.newPage({ viewport: WIDE });
      const errors = recordErrors(page);
      try {
        await page.goto(link);
        await page.waitForURL(`${server.url}/envelopes`);
        const prompt = page.getByTestId('first-password');
        await prompt.getByRole('heading', { name: 'Set a password' }).waitFor();
        await checkBothWidths(page, 'console-first-password');
        await prompt.getByRole('button', { name: 'Later' }).click();
        await prompt.waitFor({ state: 'detached' });

        await page.goto(`${server.url}/settings/sign-in`);
        const panel = page.getByTestId('password-panel');
        await panel.getByText('You have no password yet').waitFor();
        await panel.getByLabel('New password', { exact: true }).fill(FIRST);
        await panel.getByLabel('New password, again').fill('something else entirely');
        await panel.getByText('The two entries differ.').waitFor();
        assert.equal(await panel.getByRole('button', { name: 'Set a password' }).isDisabled(), true);
        await panel.getByLabel('New password, again').fill(FIRST);
        await panel.getByRole('button', { name: 'Set a password' }).click();
        await panel.getByTestId('password-saved').waitFor();
        await panel.getByLabel('Current password').waitFor();
        await checkBothWidths(page, 'console-password-panel');

        await signOut(page);
        await signIn(page, email, 'not my password at all');
        const refusal = page.getByTestId('sign-in-error');
        await refusal.getByText('The e-mail address or the password is wrong.').waitFor();
        await checkBothWidths(page, 'console-sign-in-password');
        await signIn(page, email, FIRST);
        await page.waitForURL(`${server.url}/envelopes`);
        await page.getByText('Ada Admin · admin').waitFor();
        assert.equal(await page.getByTestId('first-password').count(), 0, 'no prompt once a password is set');
        assert.deepEqual(errors.filter(unexpected), []);
      } finally {
        await page.close();
      }
    });

    it('lets an invited person set the first password from the prompt itself', async () => {
      const email = `sam-${Date.now()}@people.test`;
      const link = await invitationSignInLink(server, sink, { accountId, email, name: 'Sam Sender', role: 'sender' });
      const page = await browser.newPage({ viewport: NARROW });
      try {
        await page.goto(link);
        const prompt = page.getByTestId('first-password');
        await prompt.getByRole('button', { name: 'Set a password' }).click();
        await prompt.getByLabel('New password', { exact: true }).fill(FIRST);
        await prompt.getByLabel('New password, again').fill(FIRST);
        await prompt.getByRole('button', { name: 'Save the password' }).click();
        await page.getByTestId('first-password-saved').waitFor();
        await signOut(page);
        await signIn(page, email, FIRST);
        await page.waitForURL(`${server.url}/envelopes`);
      } finally {
        await page.close();
      }
    });

    it('resets a forgotten password through the mailed link, then signs in with the new one', async () => {
      const email = `rae-${Date.now()}@people.test`;
      const link = await invitationSignInLink(server, sink, { accountId, email, name: 'Rae Sender', role: 'sender' });
      const page = await browser.newPage({ viewport: WIDE });
      const errors = recordErrors(page);
      try {
        await page.goto(link);
        await page.getByTestId('first-password').getByRole('button', { name: 'Set a password' }).click();
        await page.getByLabel('New password', { exact: true }).fill(FIRST);
        await page.getByLabel('New password, again').fill(FIRST);
        await page.getByRole('button', { name: 'Save the password' }).click();
        await page.getByTestId('first-password-saved').waitFor();
        await signOut(page);

        sink.clear();
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
        await checkBothWidths(page, 'console-reset-request');
        await page.getByLabel('Work e-mail address').fill(email);
        await page.getByRole('button', { name: 'Send the reset link' }).click();
        await page.getByTestId('sign-in-sent').waitFor();

        const mail = await sink.waitFor((m) => JSON.stringify(m.to).includes(email), 10_000);
        const resetLink = linksIn(mail).find((url) => url.includes('/console/reset/'));
        assert.ok(resetLink, 'the mail carries a reset link');
        await page.goto(onServer(server.url, resetLink));
        await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
        await checkBothWidths(page, 'console-reset-choose');
        await page.getByLabel('New password', { exact: true }).fill('password1234!');
        await page.getByLabel('New password, again').fill('password1234!');
        await page.getByRole('button', { name: 'Save the new password' }).click();
        await page.getByText('This password is refused').waitFor();
        await page.getByLabel('New password', { exact: true }).fill(SECOND);
        await page.getByLabel('New password, again').fill(SECOND);
        await page.getByRole('button', { name: 'Save the new password' }).click();
        await page.getByTestId('reset-done').waitFor();
        await page.getByRole('link', { name: 'Go to sign-in' }).click();

        await signIn(page, email, FIRST);
        await page.getByTestId('sign-in-error').waitFor();
        await signIn(page, email, SECOND);
        await page.waitForURL(`${server.url}/envelopes`);
        assert.deepEqual(errors.filter(unexpected), []);
      } finally {
        await page.close();
      }
    });

    it('shows a refused single sign-on from ?sso_error= in words', async () => {
      const page = await browser.newPage({ viewport: WIDE });
      try {
        await page.goto(`${server.url}/?sso_error=SSO_EMAIL_UNVERIFIED`);
        await page.getByText('Your identity provider has not verified your e-mail address.').waitFor();
        await checkBothWidths(page, 'console-sign-in-sso-error');
      } finally {
        await page.close();
      }
    });

    it('shows admins the security log with the sign-ins and password changes, page by page', async () => {
      const email = `lea-${Date.now()}@people.test`;
      const link = await invitationSignInLink(server, sink, { accountId, email, name: 'Lea Admin', role: 'admin' });
      // More than one page of events: failures for Lea, who has no password yet (below the lock-out's ten).
      for (let i = 0; i < 9; i++) {
        await server.call('POST', '/api/v2.0/console/sign_in', { noAppAuthType: true, body: { email, password: `guess ${i}` } });
      }
      const page = await browser.newPage({ viewport: WIDE });
      try {
        await page.goto(link);
        await page.waitForURL(`${server.url}/envelopes`);
        await page.goto(`${server.url}/settings/security-log`);
        const log = page.getByTestId('security-log');
        await log.waitFor();
        for (const type of ['sign_in', 'sign_in_failed', 'password_changed', 'password_reset']) {
          assert.ok((await log.locator(`[data-type="${type}"]`).count()) > 0, `a ${type} event is listed`);
        }
        await log.getByText('Password reset').first().waitFor();
        await log.getByText('E-mail link').first().waitFor();
        await checkBothWidths(page, 'console-security-log');
        await page.getByRole('button', { name: 'Next page' }).click();
        await page.getByText(/^Page 2 of/).waitFor();
      } finally {
        await page.close();
      }
    });
  },
  { database: 'sqlite', smtpSink: true },
);
