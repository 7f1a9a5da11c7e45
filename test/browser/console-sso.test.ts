import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { ssoRedirectUri } from '../../src/app/sso/sso-redirect-uri.js';
import { operatorLoginLink } from '../../src/app/users/operator-login-link.js';
import { inviteUser } from '../../src/app/users/invite-user.js';
import { readUsersByEmail } from '../../src/infra/db/tables/users-table.js';
import { describeWithServer } from '../support/api-suite.js';
import { freePort } from '../support/free-port.js';
import { startTestIdentityProvider, type TestIdentityProvider } from '../support/oidc-provider.js';
import { checkBothWidths } from './accessibility.js';
import { launchChromium, onServer, recordErrors, WIDE } from './chromium.js';

/** The console's refused calls (no SSO yet: 404; a bad issuer: 400; no session yet: 401) are answers it reads, not errors. */
const unexpected = (error: string): boolean => !error.startsWith('Failed to load resource: the server responded with a status of 4');

const port = await freePort();
const domain = `acme-${Date.now().toString(36)}.test`;

describeWithServer(
  'the console: single sign-on set up by an admin, used by a new colleague',
  (server) => {
    let browser: Browser;
    let idp: TestIdentityProvider;
    let adminLink: string;

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      idp = await startTestIdentityProvider(ssoRedirectUri(server.service.ctx.config));
      const account = await server.newAccount();
      const adminEmail = `admin-${Date.now()}@people.test`;
      await inviteUser(server.service.ctx, { accountId: account.account_id, email: adminEmail, name: 'Ada Admin', role: 'admin' });
      adminLink = onServer(server.url, (await operatorLoginLink(server.service.ctx, adminEmail)).url);
      browser = await launchChromium();
    });
    after(async () => {
      await browser?.close();
      await idp?.close();
    });

    it('an admin configures single sign-on in Settings › Sign-in methods', async () => {
      const page = await browser.newPage({ viewport: WIDE });
      const errors = recordErrors(page);
      try {
        await page.goto(adminLink);
        await page.waitForURL(`${server.url}/envelopes`);
        await page.goto(`${server.url}/settings/sign-in`);
        const panel = page.getByTestId('sso-panel');
        await panel.getByText('Single sign-on is not set up yet.').waitFor();
        assert.equal(await panel.getByTestId('sso-redirect-uri').textContent(), `http://127.0.0.1:${port}/console/sso/callback`);
        await panel.getByLabel('Issuer URL').fill(idp.issuer);
        await panel.getByLabel('Client ID').fill(idp.client.clientId);
        await panel.getByLabel('Client secret').fill(idp.client.clientSecret);
        await panel.getByLabel('E-mail domains').fill(domain);
        await panel.getByLabel('Role of people who sign in for the first time').selectOption('sender');
        await panel.getByRole('button', { name: 'Save' }).click();
        await panel.getByTestId('sso-saved').waitFor();
        await panel.getByText('Single sign-on is set up for this account.').waitFor();
        assert.equal(await panel.getByLabel('Client secret').inputValue(), '', 'the secret is not shown again');
        assert.equal(await panel.getByLabel('Client secret').getAttribute('placeholder'), 'Stored, not shown');
        await checkBothWidths(page, 'console-sso-panel');

        await panel.getByLabel('Issuer URL').fill(`http://127.0.0.1:${port}/not-a-provider`);
        await panel.getByRole('button', { name: 'Save' }).click();
        await panel
          .getByRole('alert')
          .getByText(/discovery document could not be used/)
          .waitFor();
        assert.deepEqual(errors.filter(unexpected), [], 'no script errors');
      } finally {
        await page.close();
      }
    });

    it('a new colleague signs in with "Sign in with single sign-on" and lands in the console as a sender', async () => {
      const context = await browser.newContext({ viewport: WIDE });
      const page = await context.newPage();
      const errors = recordErrors(page);
      const email = `grace-${Date.now()}@${domain}`;
      idp.signInAs({ email, email_verified: true, name: 'Grace Colleague' });
      try {
        await page.goto(`${server.url}/`);
        await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
        await page
          .getByTestId('sso-sign-in-error')
          .getByText(/Enter your work e-mail address above first/)
          .waitFor();
        assert.equal(await page.evaluate(() => document.activeElement?.id), 'sign-in-email');

        await page.getByLabel('Work e-mail address').fill('someone@nobody-has-this.test');
        await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
        await page
          .getByTestId('sso-sign-in-error')
          .getByText(/No organisation signs in this address/)
          .waitFor();
        await checkBothWidths(page, 'console-sso-sign-in');

        await page.getByLabel('Work e-mail address').fill(email);
        await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
        await page.waitForURL(`${server.url}/envelopes`);
        await page.getByText('Grace Colleague · sender').waitFor();
        const [user] = await readUsersByEmail(server.service.ctx.db, email);
        assert.equal(user?.role, 'sender');
        assert.deepEqual(errors.filter(unexpected), [], 'no script errors');
      } finally {
        await context.close();
      }
    });

    it('a refused sign-in comes back to the sign-in page, which says why', async () => {
      const context = await browser.newContext({ viewport: WIDE });
      const page = await context.newPage();
      const email = `unverified-${Date.now()}@${domain}`;
      idp.signInAs({ email, email_verified: false });
      try {
        await page.goto(`${server.url}/`);
        await page.getByLabel('Work e-mail address').fill(email);
        await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
        await page.waitForURL(/\?sso_error=SSO_EMAIL_UNVERIFIED/);
        const error = page.getByTestId('sign-in-error');
        await error.waitFor();
        assert.equal(await error.getAttribute('data-code'), 'SSO_EMAIL_UNVERIFIED');
        assert.equal((await readUsersByEmail(server.service.ctx.db, email)).length, 0);
      } finally {
        await context.close();
      }
    });
  },
  { database: 'sqlite', env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SSO_ALLOW_PRIVATE: 'true' } },
);
