import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { createEnvelope } from '../support/envelopes.js';
import { markCompleted, pastDue } from '../support/mark-completed.js';
import { assertError } from '../support/test-server.js';
import { assertAccessible, checkBothWidths, screenshot } from './accessibility.js';
import { invitationSignInLink } from './console-invitation.js';
import { launchChromium, recordErrors, WIDE } from './chromium.js';

describeWithServer(
  'the console: envelope list and an envelope’s page',
  (server, sink) => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let token: string;
    let errors: string[] = [];
    const ids: Record<string, string> = {};

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      const account = await server.newAccount();
      token = account.accessToken;
      for (const name of ['Lease renewal', 'Supplier contract', 'Offer letter', 'Board minutes', 'Old quote']) {
        const created = await createEnvelope(server, token, { envelope: { name } });
        ids[name] = created.envelope_id;
      }
      await server.call('POST', `/api/v2.0/envelopes/${ids['Offer letter']}/cancel`, { token, body: { cancel_reason: 'Withdrawn' } });
      await markCompleted(server, ids['Board minutes']!);
      await pastDue(server, ids['Old quote']!);
      await server.service.worker.drain();

      const link = await invitationSignInLink(server, sink, {
        accountId: account.account_id,
        email: 'admin@console.test',
        name: 'Ada Admin',
        role: 'admin',
      });

      browser = await launchChromium();
      context = await browser.newContext({ viewport: WIDE });
      page = await context.newPage();
      errors = recordErrors(page);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Envelopes', level: 1 }).waitFor();
    });
    after(async () => {
      await browser?.close();
    });

    const rows = () => page.locator('[data-testid=envelope-row]');

    it('lists the envelopes with their status, signed count and due date, and says which page it is', async () => {
      await rows().first().waitFor();
      assert.equal(await rows().count(), 5);
      const lease = rows().filter({ hasText: 'Lease renewal' });
      assert.match(await lease.innerText(), /Sent/);
      assert.match(await lease.innerText(), /0 of 3 recipients/);
      assert.match(await rows().filter({ hasText: 'Offer letter' }).innerText(), /Cancelled/);
      assert.match(await rows().filter({ hasText: 'Old quote' }).innerText(), /Expired/);
      assert.match(await page.locator('[data-testid=page-of]').innerText(), /Page 1 of 1 · 5 envelopes/);
      assert.equal(await page.getByRole('link', { name: 'Send a document' }).getAttribute('href'), '/compose');
      await checkBothWidths(page, 'console-envelopes');
    });

    it('searches by name and filters by status', async () => {
      await page.getByLabel('Search by name').fill('contract');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=envelope-row]').length === 1);
      assert.match(await rows().first().innerText(), /Supplier contract/);
      await page.getByLabel('Search by name').fill('');
      await page.getByLabel('Status').selectOption('Completed');
      // The search's one row stays until the filtered list arrives: wait for the row, not for the count.
      await rows().filter({ hasText: 'Board minutes' }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=envelope-row]').length === 1);
      assert.match(await rows().first().innerText(), /Completed/);
      await page.getByLabel('Search by name').fill('no such envelope');
      await page.locator('[data-testid=envelopes-empty]').waitFor();
      await page.getByLabel('Search by name').fill('');
      await page.getByLabel('Status').selectOption('');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=envelope-row]').length === 5);
    });

    it("shows an envelope's recipients, history as a timeline and verified audit chain", async () => {
      await page.getByRole('link', { name: 'Lease renewal' }).click();
      await page.locator('[data-testid=envelope-title]').waitFor();
      assert.equal(await page.locator('[data-testid=envelope-title]').innerText(), 'Lease renewal');
      assert.equal(await page.locator('[data-testid=signer]').count(), 2);
      assert.equal(await page.locator('[data-testid=observer]').count(), 1);
      await page.locator('[data-testid=timeline] li').first().waitFor();
      assert.match(await page.locator('[data-testid=timeline]').innerText(), /Envelope created/);
      await page.locator('[data-testid=head-hash]').waitFor();
      assert.match(await page.locator('[data-testid=audit-chain]').innerText(), /Audit chain verified/);
      assert.match(await page.locator('[data-testid=head-hash]').innerText(), /^[0-9a-f]{64}$/);
      await checkBothWidths(page, 'console-envelope');
    });

    it('reminds a signer after a confirmation, by keyboard', async () => {
      await page.getByRole('button', { name: 'Remind Ada Lovelace' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.locator('[data-testid=remind-dialog]');
      await dialog.waitFor();
      await assertAccessible(page, 'the remind dialog');
      await screenshot(page, 'console-envelope-remind-dialog-1280');
      await dialog.getByRole('button', { name: 'Send reminder' }).click();
      await page.locator('[data-testid=action-done]').waitFor();
      assert.match(await page.locator('[data-testid=action-done]').innerText(), /Reminder e-mailed to ada@example.test/);
      await page.waitForFunction(() => document.querySelector('[data-testid=timeline]')?.textContent?.includes('Reminder sent'));
    });

    it("shows the API's refusal inside the dialog: a second reminder within the hour is REMINDER_TOO_SOON", async () => {
      await page.getByRole('button', { name: 'Remind Ada Lovelace' }).click();
      const dialog = page.locator('[data-testid=remind-dialog]');
      await dialog.getByRole('button', { name: 'Send reminder' }).click();
      await dialog.getByRole('alert').waitFor();
      assert.match(await dialog.getByRole('alert').innerText(), /REMINDER_TOO_SOON/);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it('cancels the envelope with a reason, and the status changes without reloading', async () => {
      await page.getByRole('button', { name: 'Cancel envelope' }).click();
      const dialog = page.locator('[data-testid=cancel-dialog]');
      await dialog.getByLabel(/Reason/).fill('The tenant moved out');
      await dialog.getByRole('button', { name: 'Cancel envelope' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.querySelector('[data-testid=envelope-status]')?.textContent === 'Cancelled');
      await page.waitForFunction(() => document.querySelector('[data-testid=timeline]')?.textContent?.includes('Envelope cancelled'));
      assert.equal(await page.getByRole('button', { name: 'Cancel envelope' }).count(), 0);
      const details = await server.call('GET', `/api/v2.0/envelopes/${ids['Lease renewal']}/details`, { token });
      assert.equal(details.body.data.status, 'Cancelled');
    });

    it('picks up a status changed elsewhere by polling', async () => {
      await page.goto(`${server.url}/envelopes/${ids['Supplier contract']}`);
      await page.locator('[data-testid=envelope-status]').waitFor();
      assert.equal(await page.locator('[data-testid=envelope-status]').innerText(), 'Sent');
      await server.call('POST', `/api/v2.0/envelopes/${ids['Supplier contract']}/cancel`, { token, body: { cancel_reason: 'By API' } });
      await page.waitForFunction(() => document.querySelector('[data-testid=envelope-status]')?.textContent === 'Cancelled', undefined, {
        timeout: 15_000,
      });
    });

    it('extends an Expired envelope by a number of days, and shows and stores the new due date', async () => {
      await page.goto(`${server.url}/envelopes/${ids['Old quote']}`);
      await page.getByRole('button', { name: 'Extend due date' }).click();
      const dialog = page.locator('[data-testid=extend-dialog]');
      await dialog.getByLabel(/Days from now/).fill('14');
      await dialog.getByRole('button', { name: 'Extend' }).click();
      await page.locator('[data-testid=action-done]').waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid=envelope-status]')?.textContent === 'Sent');

      const due = new Date(server.clock.now().getTime() + 14 * 86_400_000).toISOString();
      const details = await server.call('GET', `/api/v2.0/envelopes/${ids['Old quote']}/details`, { token });
      assert.deepEqual([details.body.data.status, details.body.data.signing_due_date], ['Sent', due]);
      // The page writes dates in the browser's own locale and time zone, so the expected text is made there too.
      const shown = await page.evaluate(
        (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
        due,
      );
      const dueFact = page.locator('.facts > div', { has: page.locator('dt', { hasText: /^Due$/ }) }).locator('dd');
      assert.equal(await dueFact.innerText(), shown);
    });

    it('downloads the sealed document and the certificate of a Completed envelope, then deletes it', async () => {
      await page.goto(`${server.url}/envelopes/${ids['Board minutes']}`);
      await page.locator('[data-testid=download-certificate]').waitFor();
      await checkBothWidths(page, 'console-envelope-completed');
      const [sealed] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=download-document]').first().click()]);
      assert.equal(sealed.suggestedFilename(), 'agreement (signed).pdf');
      const sealedPath = await sealed.path();
      assert.ok(sealedPath);
      const [certificate] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=download-certificate]').click()]);
      assert.match(certificate.suggestedFilename(), /certificate\.pdf$/);
      const { readFileSync } = await import('node:fs');
      assert.equal(readFileSync(sealedPath).subarray(0, 5).toString(), '%PDF-');

      await page.getByRole('button', { name: 'Delete envelope' }).click();
      await page.locator('[data-testid=delete-dialog]').getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('heading', { name: 'Envelopes', level: 1 }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=envelope-row]').length === 4);
      assertError(await server.call('GET', `/api/v2.0/envelopes/${ids['Board minutes']}/details`, { token }), 404, 'ENVELOPE_NOT_FOUND');
    });

    it("shows the API's message for an envelope that is not there", async () => {
      await page.goto(`${server.url}/envelopes/env_doesnotexist`);
      await page.getByRole('alert').waitFor();
      assert.match(await page.getByRole('alert').innerText(), /ENVELOPE_NOT_FOUND/);
      await assertAccessible(page, 'an unknown envelope');
    });

    it('ran without script errors or CSP violations', () => {
      // The browser logs the answers the tests provoked (the second reminder's 429, the unknown envelope's 404).
      assert.deepEqual(
        errors.filter((error) => !/status of (404|429)/.test(error)),
        [],
      );
    });
  },
  { database: 'sqlite', smtpSink: true },
);
