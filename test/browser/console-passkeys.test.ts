import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inviteUser } from '../../src/app/users/invite-user.js';
import { operatorLoginLink } from '../../src/app/users/operator-login-link.js';
import { describeWithServer } from '../support/api-suite.js';
import { freePort } from '../support/free-port.js';
import { testDatabases } from '../support/databases.js';
import { assertAccessible, checkBothWidths, screenshot } from './accessibility.js';
import { launchChromium, recordErrors, WIDE } from './chromium.js';

/**
 * WebAuthn needs a secure context and an RP ID the page's origin belongs to: http://localhost is
 * one, so the server's PUBLIC_URL is the very address Chromium opens.
 */
const port = await freePort();
const PUBLIC_URL = `http://localhost:${port}`;

describeWithServer(
  'the console: passkeys in real Chromium with a virtual authenticator',
  (server) => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    let email: string;
    let userId: string;

    const panel = () => page.locator('[data-testid=passkeys-panel]');

    const openSignInMethods = async () => {
      await page.goto(`${PUBLIC_URL}/settings/sign-in`);
      await panel().waitFor();
      await panel().getByRole('heading', { name: 'Passkeys' }).waitFor();
    };

    const signOut = async () => {
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    };

    const passkeyEvents = () =>
      server.service.ctx.db
        .selectFrom('security_events')
        .select(['type', 'method'])
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('method', '=', 'passkey'), eb('type', 'like', 'passkey_%')]))
        .orderBy('seq')
        .execute();

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      const account = await server.newAccount();
      email = `pia-${Date.now()}@people.test`;
      userId = (await inviteUser(server.service.ctx, { accountId: account.account_id, email, name: 'Pia Passkey', role: 'sender' })).id;
      browser = await launchChromium();
      context = await browser.newContext({ viewport: WIDE });
      page = await context.newPage();
      errors = recordErrors(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      });
      const link = await operatorLoginLink(server.service.ctx, email);
      assert.ok(link.url.startsWith(`${PUBLIC_URL}/console/login/`), link.url);
      await page.goto(link.url);
      await page.getByRole('heading', { name: 'Envelopes', level: 1 }).waitFor();
    });
    after(async () => {
      await context?.close();
      await browser?.close();
    });

    it('registers a passkey from Settings › Sign-in methods, under the name the person gives it', async () => {
      await openSignInMethods();
      await panel().getByText('You have no passkeys yet.').waitFor();
      await panel().getByLabel('Name of the new passkey').fill('This laptop');
      await panel().getByRole('button', { name: 'Add a passkey' }).click();
      await panel().getByRole('status').filter({ hasText: 'Passkey "This laptop" added.' }).waitFor();
      const row = panel().locator('[data-testid=passkey-row]');
      await row.filter({ hasText: 'This laptop' }).waitFor();
      assert.match(await row.innerText(), /never used yet/);
      assert.equal(await panel().getByLabel('Name of the new passkey').inputValue(), '', 'the form is ready for another one');
      await checkBothWidths(page, 'console-passkeys-panel');
      const stored = await server.service.ctx.db.selectFrom('passkeys').select(['name', 'user_id']).execute();
      assert.deepEqual(stored, [{ name: 'This laptop', user_id: userId }]);
    });

    it('signs out, then signs in with the passkey alone (no address typed) and lands in the console', async () => {
      await signOut();
      const button = page.getByRole('button', { name: 'Sign in with a passkey' });
      await button.waitFor();
      await assertAccessible(page, 'the sign-in page with the passkey button');
      await screenshot(page, 'console-passkeys-sign-in-1280');
      await button.click();
      await page.getByRole('heading', { name: 'Envelopes', level: 1 }).waitFor();
      await openSignInMethods();
      assert.match(await panel().locator('[data-testid=passkey-row]').innerText(), /last used/);
      assert.deepEqual(await passkeyEvents(), [
        { type: 'passkey_added', method: null },
        { type: 'sign_in', method: 'passkey' },
      ]);
    });

    it('removes the passkey after a confirmation, keyboard only; then it signs in no more', async () => {
      await openSignInMethods();
      const remove = panel().getByRole('button', { name: 'Remove the passkey This laptop' });
      await remove.focus();
      await page.keyboard.press('Enter');
      const dialog = page.locator('[data-testid=passkey-remove-dialog]');
      await dialog.getByText('"This laptop" will no longer sign you in.').waitFor();
      await assertAccessible(page, 'the removal dialog');
      await screenshot(page, 'console-passkeys-remove-1280');
      await dialog.getByRole('button', { name: 'Close' }).press('Enter');
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await panel().locator('[data-testid=passkey-row]').count(), 1, 'closing the dialog removes nothing');

      await remove.click();
      await dialog.getByRole('button', { name: 'Remove passkey' }).click();
      await dialog.waitFor({ state: 'detached' });
      await panel().getByText('You have no passkeys yet.').waitFor();
      assert.deepEqual(await server.service.ctx.db.selectFrom('passkeys').select('id').execute(), []);

      await signOut();
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      const refusal = page.locator('[data-testid=passkey-sign-in-error]');
      await refusal.waitFor();
      assert.equal(await refusal.getAttribute('data-code'), 'PASSKEY_SIGN_IN_FAILED');
      assert.match(await refusal.innerText(), /This passkey could not sign you in/);
      await assertAccessible(page, 'the sign-in page with a refused passkey');
      assert.equal(await page.getByRole('heading', { name: 'Sign in to the console' }).count(), 1, 'still signed out');
      assert.deepEqual((await passkeyEvents()).at(-1), { type: 'passkey_removed', method: null });
    });

    it('says so, instead of offering a passkey, in a browser without WebAuthn', async () => {
      const bare = await browser.newContext({ viewport: WIDE });
      try {
        await bare.addInitScript(() => {
          Reflect.deleteProperty(window, 'PublicKeyCredential');
        });
        const plain = await bare.newPage();
        await plain.goto(`${PUBLIC_URL}/`);
        await plain.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
        await plain.getByText('This browser cannot use passkeys').waitFor();
        assert.equal(await plain.getByRole('button', { name: 'Sign in with a passkey' }).count(), 0);
      } finally {
        await bare.close();
      }
    });

    it('showed no script or console error', () => {
      // The refused sign-in's 401 is the one error Chromium logs on its own.
      assert.deepEqual(
        errors.filter((error) => !/status of 401/.test(error)),
        [],
      );
    });
  },
  { database: testDatabases[0]!, env: { PORT: String(port), PUBLIC_URL } },
);
