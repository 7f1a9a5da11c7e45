import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { checkBothWidths } from './accessibility.js';
import { launchChromium, onServer, recordErrors, WIDE } from './chromium.js';

describe('first run in the browser', () => {
  let browser: Browser;
  let child: ChildServer;
  let dataDir: string;
  let setupUrl: string;
  let page: Page;
  let errors: string[];

  before(async () => {
    mkdirSync('.test-tmp/screenshots', { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'countersign-first-run-'));
    child = await startChildServer({ DATA_DIR: dataDir, PUBLIC_URL: 'https://sign.acme.example' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const printed = /^ {2}setup: {4}(\S+)$/m.exec(child.output())?.[1];
    assert.ok(printed, `a setup line in the banner:\n${child.output()}`);
    setupUrl = onServer(child.url, printed);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: WIDE });
    errors = recordErrors(page);
  });
  after(async () => {
    await browser?.close();
    await child?.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leads from the printed setup URL, by keyboard, through a refused password to the console of the new organisation', async () => {
    const response = await page.goto(setupUrl);
    assert.equal(response?.status(), 200);
    await page.getByRole('heading', { name: 'Set up Countersign' }).waitFor();
    await page.getByText('12 to 256 characters').waitFor();
    await checkBothWidths(page, 'first-run-form');

    // Keyboard only: Tab reaches the fields in order and Enter submits.
    await page.keyboard.press('Tab');
    await page.keyboard.type('Acme Ltd');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ada@acme.example');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'setup-owner-password');
    await page.keyboard.type('Password2024!');
    await page.keyboard.press('Enter');

    const problems = page.getByRole('alert');
    await problems.waitFor();
    assert.match(await problems.innerText(), /common/);
    assert.equal(
      await page.evaluate(() => document.activeElement?.classList.contains('setup-problems')),
      true,
      'focus moves to the problems',
    );
    assert.equal(await page.getByLabel('Password').getAttribute('aria-invalid'), 'true');
    await checkBothWidths(page, 'first-run-refused');

    await page.getByLabel('Password').fill('copper kettle orbit lantern');
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL(`${child.url}/`);
    await page.getByText('Acme Ltd').first().waitFor();
    await checkBothWidths(page, 'first-run-console');
    // The browser reports the refused password's answer; nothing else went wrong.
    assert.deepEqual(errors, ['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });

  it('says setup is done when the printed URL is opened again, with the way to sign in', async () => {
    const response = await page.goto(setupUrl);
    assert.equal(response?.status(), 409);
    await page.getByRole('heading', { name: 'Countersign is set up' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Sign in to the console' }).getAttribute('href'), '/');
    await checkBothWidths(page, 'first-run-done');
  });

  it('says a link that no start printed is not valid', async () => {
    const fresh = await startChildServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'countersign-first-run-')) });
    try {
      const response = await page.goto(`${fresh.url}/setup/cs_su_not-the-printed-one`);
      assert.equal(response?.status(), 403);
      await page.getByRole('heading', { name: 'This setup link is not valid' }).waitFor();
      await checkBothWidths(page, 'first-run-invalid');
    } finally {
      await fresh.stop('SIGTERM');
    }
  });
});
