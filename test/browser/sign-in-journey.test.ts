import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createAccount } from '../../src/app/accounts/create-account.js';
import { ssoRedirectUri } from '../../src/app/sso/sso-redirect-uri.js';
import { inviteUser } from '../../src/app/users/invite-user.js';
import { operatorLoginLink } from '../../src/app/users/operator-login-link.js';
import { readUsersByEmail } from '../../src/infra/db/tables/users-table.js';
import { describeWithServer } from '../support/api-suite.js';
import { freePort } from '../support/free-port.js';
import { startTestIdentityProvider, type TestIdentityProvider } from '../support/oidc-provider.js';
import { checkBothWidths } from './accessibility.js';
import { launchChromium, recordErrors, WIDE } from './chromium.js';

// WebAuthn wants a secure context: http://localhost is one.
const port = await freePort();
const PUBLIC_URL = `http://localhost:${port}`;
const domain = `journey-${Date.now().toString(36)}.test`;
const OWNER_EMAIL = `owner@${domain}`;
const OWNER_PASSWORD = 'copper kettle orbit lantern';
const COLLEAGUE_EMAIL = `bob@${domain}`;
const COLLEAGUE_PASSWORD = 'violet harbour ladder season';
const NEWCOMER_EMAIL = `grace@${domain}`;

/** The console's refused calls (401 before a session, 403 SSO_REQUIRED, 404 before SSO is set up) are answers it reads. */
const unexpected = (error: string): boolean => !error.startsWith('Failed to load resource: the server responded with a status of 4');

describeWithServer(
  'people sign in the ways organisations accept: password, passkey, single sign-on, all in the security log',
  (server) => {
    let browser: Browser;
    let idp: TestIdentityProvider;
    let owner: BrowserContext;
    let page: Page;
    let errors: string[];

    const signInForm = async (target: Page, email: string, password: string) => {
      await target.goto(`${PUBLIC_URL}/`);
      await target.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
      await target.getByLabel('Work e-mail address').fill(email);
      await target.getByLabel('Password', { exact: true }).fill(password);
      await target.getByRole('button', { name: 'Sign in', exact: true }).click();
    };

    const signOut = async (target: Page) => {
      await target.getByRole('button', { name: 'Sign out' }).click();
      await target.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    };

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      idp = await startTestIdentityProvider(ssoRedirectUri(server.service.ctx.config));
      const account = await createAccount(server.service.ctx, { name: 'Journey Ltd', email: OWNER_EMAIL, plan: 'business' });
      await inviteUser(server.service.ctx, { accountId: account.accountId, email: COLLEAGUE_EMAIL, name: 'Bob Colleague', role: 'sender' });
      browser = await launchChromium();
      owner = await browser.newContext({ viewport: WIDE });
      page = await owner.newPage();
      errors = recordErrors(page);
      const cdp = await owner.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      });
    });
    after(async () => {
      await owner?.close();
      await browser?.close();
      await idp?.close();
    });

    it('the owner sets a password in Settings, signs out and signs in with it', async () => {
      await page.goto((await operatorLoginLink(server.service.ctx, OWNER_EMAIL)).url);
      await page.getByRole('heading', { name: 'Envelopes', level: 1 }).waitFor();
      await page.getByTestId('first-password').getByRole('button', { name: 'Later' }).click();
      await page.goto(`${PUBLIC_URL}/settings/sign-in`);
      await page.getByLabel('New password', { exact: true }).fill(OWNER_PASSWORD);
      await page.getByLabel('New password, again').fill(OWNER_PASSWORD);
      await page.getByRole('button', { name: 'Set a password' }).click();
      await page.getByLabel('Current password').waitFor();

      await signOut(page);
      await signInForm(page, OWNER_EMAIL, OWNER_PASSWORD);
      await page.getByRole('heading', { name: 'Envelopes', level: 1 }).waitFor();
    });

    it('the owner registers a passkey, signs out and signs in with the passkey alone', async () => {
      await page.goto(`${PUBLIC_URL}/settings/sign-in`);
      const passkeys = page.getByTestId('passkeys-panel');
      await passkeys.getByLabel('Name of the new passkey').fill('Work laptop');
      await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
      await passkeys.getByTestId('passkey-row').filter({ hasText: 'Work laptop' }).waitFor();

      await signOut(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.getByRole('heading', { name: 'Envelopes', level: 1 }).waitFor();
      assert.match(await page.locator('.console-user').innerText(), /· admin/);
    });

    it('a colleague invited before single sign-on opens the invitation and chooses a first password', async () => {
      const context = await browser.newContext({ viewport: WIDE });
      const colleague = await context.newPage();
      try {
        await colleague.goto((await operatorLoginLink(server.service.ctx, COLLEAGUE_EMAIL)).url);
        const prompt = colleague.getByTestId('first-password');
        await prompt.getByRole('button', { name: 'Set a password' }).click();
        await prompt.getByLabel('New password', { exact: true }).fill(COLLEAGUE_PASSWORD);
        await prompt.getByLabel('New password, again').fill(COLLEAGUE_PASSWORD);
        await prompt.getByRole('button', { name: 'Save the password' }).click();
        await colleague.getByTestId('first-password-saved').waitFor();
      } finally {
        await context.close();
      }
    });

    it('the owner, an admin, configures single sign-on against the identity provider', async () => {
      await page.goto(`${PUBLIC_URL}/settings/sign-in`);
      const sso = page.getByTestId('sso-panel');
      await sso.getByText('Single sign-on is not set up yet.').waitFor();
      await sso.getByLabel('Issuer URL').fill(idp.issuer);
      await sso.getByLabel('Client ID').fill(idp.client.clientId);
      await sso.getByLabel('Client secret').fill(idp.client.clientSecret);
      await sso.getByLabel('E-mail domains').fill(domain);
      await sso.getByLabel('Role of people who sign in for the first time').selectOption('sender');
      await sso.getByRole('button', { name: 'Save' }).click();
      await sso.getByText('Single sign-on is set up for this account.').waitFor();
    });

    it('a new colleague signs in through the identity provider and lands in the console as a sender', async () => {
      const context = await browser.newContext({ viewport: WIDE });
      const newcomer = await context.newPage();
      idp.signInAs({ email: NEWCOMER_EMAIL, email_verified: true, name: 'Grace Newcomer' });
      try {
        await newcomer.goto(`${PUBLIC_URL}/`);
        await newcomer.getByLabel('Work e-mail address').fill(NEWCOMER_EMAIL);
        await newcomer.getByRole('button', { name: 'Sign in with single sign-on' }).click();
        await newcomer.getByRole('heading', { name: 'Envelopes', level: 1 }).waitFor();
        await newcomer.getByText('Grace Newcomer · sender').waitFor();
        const [user] = await readUsersByEmail(server.service.ctx.db, NEWCOMER_EMAIL);
        assert.equal(user?.role, 'sender');
      } finally {
        await context.close();
      }
    });

    it("with single sign-on required, the colleague's password sign-in is refused and the owner's is not", async () => {
      await page.goto(`${PUBLIC_URL}/settings/sign-in`);
      const sso = page.getByTestId('sso-panel');
      await sso.getByText('Single sign-on is set up for this account.').waitFor();
      await sso.getByLabel('Require single sign-on').check();
      await sso.getByRole('button', { name: 'Save' }).click();
      await sso.getByTestId('sso-saved').waitFor();

      const context = await browser.newContext({ viewport: WIDE });
      const colleague = await context.newPage();
      try {
        await signInForm(colleague, COLLEAGUE_EMAIL, COLLEAGUE_PASSWORD);
        const refusal = colleague.getByTestId('sign-in-error');
        await refusal.waitFor();
        assert.equal(await refusal.getAttribute('data-code'), 'SSO_REQUIRED');
        await checkBothWidths(colleague, 'sign-in-journey-sso-required');
      } finally {
        await context.close();
      }

      await signOut(page);
      await signInForm(page, OWNER_EMAIL, OWNER_PASSWORD);
      await page.getByRole('heading', { name: 'Envelopes', level: 1 }).waitFor();
    });

    it('the security log shows all of it, newest first', async () => {
      await page.goto(`${PUBLIC_URL}/settings/security-log`);
      const rows = page.getByTestId('security-event');
      await rows.first().waitFor();
      const seen = await rows.evaluateAll((cells) =>
        cells.map((row) => `${row.getAttribute('data-type')} ${row.querySelectorAll('td')[3]?.textContent ?? ''} ${row.textContent ?? ''}`),
      );
      const has = (type: string, text: RegExp) => seen.some((row) => row.startsWith(`${type} `) && text.test(row));
      assert.ok(has('sign_in', /E-mail link.*owner@/s), 'the owner came in by e-mail link');
      assert.ok(has('password_changed', /owner@/), "the owner's first password");
      assert.ok(has('sign_in', /Password.*owner@|owner@.*Password/s), 'the owner signed in by password');
      assert.ok(has('passkey_added', /owner@/), "the owner's passkey");
      assert.ok(has('sign_in', /Passkey/), 'the owner signed in with the passkey');
      assert.ok(has('password_changed', /bob@/), "the colleague's first password");
      assert.ok(has('sso_changed', /owner@/), 'single sign-on set up, then required');
      assert.ok(has('sign_in', /Single sign-on.*grace@|grace@.*Single sign-on/s), 'the newcomer came in through the provider');
      assert.ok(has('sign_in_failed', /bob@.*single sign-on required/s), "the colleague's refused password sign-in");
      assert.equal(seen.filter((row) => row.startsWith('sso_changed ')).length, 2);
      assert.match(seen[0]!, /^sign_in .*owner@/s, `newest first: the owner signing back in; got ${seen.join(' | ')}`);
      await checkBothWidths(page, 'sign-in-journey-security-log');
      assert.deepEqual(errors.filter(unexpected), [], 'no script errors');
    });
  },
  { database: 'sqlite', env: { PORT: String(port), PUBLIC_URL, SSO_ALLOW_PRIVATE: 'true' } },
);
