import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { pdfBase64 } from '../support/envelopes.js';
import { invitationSignInLink } from './console-invitation.js';
import { launchChromium } from './chromium.js';
import { waitForRenderedCanvas } from './gestures.js';

/** Moves the focus with Tab until `target` has it, as a keyboard user does; fails past `limit` stops. */
const tabTo = async (page: Page, target: string, limit = 80) => {
  for (let step = 0; step < limit; step += 1) {
    if (await page.locator(target).evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached ${target}`);
};

/**
 * Issue 11, item 4: a keyboard-only path through sending. Apart from choosing the file (the
 * system's own dialog), every step is Tab, typing, Enter, Space or an arrow key.
 */
describeWithServer(
  'the console by keyboard alone',
  (server, sink) => {
    let browser: Browser;
    let page: Page;

    before(async () => {
      const account = await server.newAccount();
      const link = await invitationSignInLink(server, sink, {
        accountId: account.account_id,
        email: 'kim@people.test',
        name: 'Kim Keys',
        role: 'sender',
      });
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(link);
      await page.waitForURL(`${server.url}/envelopes`);
    });
    after(() => browser?.close());

    it('sends a document with a signature field placed and moved by keyboard', async () => {
      await tabTo(page, 'nav[aria-label=Console] a[href="/compose"]');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Send documents for signature' }).waitFor();

      const pdf = Buffer.from(await pdfBase64(1, 'Keyboard agreement'), 'base64');
      await page.locator('[data-testid=file-input]').setInputFiles({ name: 'keyboard.pdf', mimeType: 'application/pdf', buffer: pdf });
      await waitForRenderedCanvas(page, 'canvas.editor-canvas');

      await tabTo(page, 'input[autocomplete=name], [data-testid=signer-row] input >> nth=0');
      await page.keyboard.type('Ada Lovelace');
      await page.keyboard.press('Tab');
      await page.keyboard.type('ada@example.test');

      await tabTo(page, '[data-testid=palette-signature]');
      await page.keyboard.press('Enter');
      // The new field takes the focus: the arrow keys move it at once.
      const field = page.getByRole('button', { name: 'Signature for Ada Lovelace, page 1' });
      await field.waitFor();
      await page.locator('[data-testid=placed-field] button:focus').waitFor();
      const before = await field.boundingBox();
      await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('ArrowRight');
      const after = await field.boundingBox();
      assert.ok(before && after && after.y > before.y && after.x > before.x, 'the arrow keys moved the field');

      await tabTo(page, '[data-testid=send-envelope]', 200);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/envelopes\/env_/, { timeout: 15_000 });
      await page.getByTestId('envelope-status').getByText('Sent').waitFor();
    });
  },
  { database: 'sqlite', smtpSink: true },
);
