import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { formatDate } from '../../src/domain/date-format.js';
import { describeWithServer } from '../support/api-suite.js';
import { createEnvelope } from '../support/envelopes.js';
import { assertAccessible, screenshot } from './accessibility.js';
import { launchChromium } from './chromium.js';
import { waitForRenderedCanvas } from './gestures.js';
import { openInvitation as openSigningInvitation } from './signing-invitation.js';

const signers = [
  {
    name: 'Ada Lovelace',
    email: 'ada@example.test',
    signing_order: 1,
    fields: [
      { type: 'text', page: 1, x: 72, y: 440, width: 200, height: 24, required: true, placeholder: 'company' },
      { type: 'checkbox', page: 1, x: 72, y: 490, width: 14, height: 14, required: true, placeholder: 'agree_to_terms' },
      { type: 'signature', page: 1, x: 72, y: 560, width: 180, height: 44, placeholder: 'ada_signature' },
      { type: 'date_signed', page: 1, x: 300, y: 575, width: 150, height: 20, placeholder: 'ada_date' },
    ],
  },
  {
    name: 'Grace Hopper',
    email: 'grace@example.test',
    signing_order: 2,
    fields: [
      { type: 'text', page: 1, x: 72, y: 640, width: 200, height: 24, required: true, placeholder: 'job_title' },
      { type: 'signature', page: 1, x: 72, y: 690, width: 180, height: 44, placeholder: 'grace_signature' },
    ],
  },
];

/** Waits until the highlighted field is inside the visible part of the window, not under the sticky footer (smooth scrolling takes a moment). */
const waitUntilHighlightedInView = (page: Page) =>
  page.waitForFunction(
    () => {
      const box = document.querySelector('.field-highlighted')?.getBoundingClientRect();
      const footer = document.querySelector('.signing-footer')!.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.bottom <= footer.top && box.left >= 0 && box.right <= window.innerWidth;
    },
    undefined,
    { timeout: 5_000 },
  );

describeWithServer(
  'the signing page: earlier marks, labels, Next field, the script font, the disclosure, the last signer (Chromium)',
  (server, sink) => {
    let browser: Browser;

    before(async () => {
      const account = await server.newAccount();
      await createEnvelope(server, account.accessToken, {
        flow: 'Sequential',
        signers,
        document: { name: 'agreement.pdf', pages: 1, text: 'Consulting agreement between Acme and Analytical Engines' },
      });
      await server.service.worker.drain();
      browser = await launchChromium();
    });
    after(() => browser?.close());

    const openInvitation = async (email: string, viewport: { width: number; height: number }) => {
      const opened = await openSigningInvitation(browser, sink, server.url, email, viewport);
      await waitForRenderedCanvas(opened.page, 'canvas.pdf-canvas');
      return opened;
    };

    const consentAndCheckCollapse = async (page: Page) => {
      assert.equal(
        await page.locator('[data-testid=consent-details]').evaluate((d) => (d as HTMLDetailsElement).open),
        false,
        'folded at first, so the documents show on the first screen',
      );
      await page.locator('[data-testid=consent-summary]').click();
      assert.equal(
        await page.locator('[data-testid=consent-details]').evaluate((d) => (d as HTMLDetailsElement).open),
        true,
        'opened by "Read the disclosure"',
      );
      await page.locator('[data-testid=consent-checkbox]').check();
      assert.equal(
        await page.locator('[data-testid=consent-details]').evaluate((d) => (d as HTMLDetailsElement).open),
        false,
        'folded after consent',
      );
      assert.match((await page.locator('[data-testid=consent-text]').textContent()) ?? '', /paper copy/, 'the full text stays in the page');
      await page.locator('[data-testid=consent-summary]').click();
      assert.equal(
        await page.locator('[data-testid=consent-details]').evaluate((d) => (d as HTMLDetailsElement).open),
        true,
        'and opens again',
      );
      await page.locator('[data-testid=consent-summary]').click();
    };

    it('first signer (1280 px): labels on every field, Next field scrolls to and outlines the field, the typed preview in the served script font, the disclosure folds', async () => {
      const { page, errors } = await openInvitation('ada@example.test', { width: 1280, height: 800 });
      try {
        assert.equal(await page.locator('[data-testid=field-company]').getAttribute('placeholder'), 'Company');
        const caption = page.locator('.field-checkbox .field-caption');
        assert.ok(await caption.isVisible(), 'the checkbox has a visible label');
        assert.match((await caption.textContent()) ?? '', /Agree to terms/);
        assert.match((await page.locator('[data-testid=field-ada_signature]').textContent()) ?? '', /Sign here/);
        assert.equal(await page.locator('[data-testid=field-ada_date]').inputValue(), formatDate(new Date()));
        await assertAccessible(page, 'first signer, opened');
        await screenshot(page, 'signing-page-1280-opened');

        await page.locator('[data-testid=next-field]').click();
        const highlighted = page.locator('.field-highlighted');
        await highlighted.waitFor();
        assert.equal(await highlighted.locator('input').getAttribute('data-testid'), 'field-company');
        assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'field-company');
        await waitUntilHighlightedInView(page);
        const outline = await highlighted.evaluate((el) => getComputedStyle(el).outlineStyle);
        assert.equal(outline, 'solid', 'a visible outline');
        await page.screenshot({ path: '.test-tmp/screenshots/signing-page-1280-next-field.png' });

        await page.locator('[data-testid=field-company]').fill('Analytical Engines Ltd');
        await page.locator('[data-testid=next-field]').click();
        await page.locator('.field-highlighted [data-testid=field-agree_to_terms]').waitFor();
        await page.locator('[data-testid=field-agree_to_terms]').check();

        await page.locator('[data-testid=field-ada_signature]').click();
        await page.locator('[data-testid=adopt-tab-type]').click();
        await page.locator('[data-testid=type-signature-input]').fill('Ada Lovelace');
        await page.evaluate(() => document.fonts.ready);
        await page.waitForFunction(() => document.fonts.check('32px "Dancing Script"'), undefined, { timeout: 10_000 });
        const fontUrl = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .find((name) => name.endsWith('.ttf')),
        );
        assert.match(fontUrl ?? '', new RegExp(`^${server.url}/app/assets/DancingScript-.*\\.ttf$`), 'the font is served by the service');
        assert.match(
          await page.locator('[data-testid=type-signature-input]').evaluate((el) => getComputedStyle(el).fontFamily),
          /Dancing Script/,
        );
        await assertAccessible(page, 'first signer, adopt dialog');
        await page.screenshot({ path: '.test-tmp/screenshots/signing-page-1280-typed-signature.png' });
        await page.locator('[data-testid=adopt-signature]').click();

        await consentAndCheckCollapse(page);
        await assertAccessible(page, 'first signer, ready to finish');
        await screenshot(page, 'signing-page-1280-ready');
        await page.locator('[data-testid=finish-button]').click();
        const done = page.locator('[data-testid=state-signed]');
        await done.waitFor({ timeout: 15_000 });
        assert.equal(await done.getAttribute('data-last-signer'), 'false');
        assert.match((await done.textContent()) ?? '', /Others still have to sign/);
        await assertAccessible(page, 'first signer, signed');
        await screenshot(page, 'signing-page-1280-signed');
        assert.deepEqual(errors, [], 'no script errors and no CSP violations');
      } finally {
        await page.close();
      }
    });

    it("second and last signer (375 px): sees the first signer's text, checkbox, date and signature in place, and is told the envelope is complete", async () => {
      await server.service.worker.drain();
      const { page, errors } = await openInvitation('grace@example.test', { width: 375, height: 812 });
      try {
        const company = page.locator('[data-testid=signed-company]');
        await company.scrollIntoViewIfNeeded();
        assert.match((await company.textContent()) ?? '', /Analytical Engines Ltd/);
        assert.match((await page.locator('[data-testid=signed-agree_to_terms]').textContent()) ?? '', /✓/);
        assert.match((await page.locator('[data-testid=signed-ada_date]').textContent()) ?? '', new RegExp(formatDate(new Date())));
        assert.match((await page.locator('[data-testid=signed-ada_signature]').textContent()) ?? '', /Ada Lovelace/);
        assert.equal(await page.locator('[data-testid=signed-ada_signature] .mark-typed').count(), 1);
        assert.equal(await page.locator('[data-testid=signed-company] input').count(), 0, 'read-only: no control');
        assert.equal(await page.locator('[data-testid=field-job_title]').getAttribute('placeholder'), 'Job title');
        await assertAccessible(page, 'last signer, opened');
        await page.screenshot({ path: '.test-tmp/screenshots/signing-page-375-earlier-marks.png' });
        await screenshot(page, 'signing-page-375-opened');

        await page.locator('[data-testid=next-field]').click();
        await page.locator('.field-highlighted [data-testid=field-job_title]').waitFor();
        await waitUntilHighlightedInView(page);
        await page.screenshot({ path: '.test-tmp/screenshots/signing-page-375-next-field.png' });
        await page.locator('[data-testid=field-job_title]').fill('Rear admiral');
        await page.locator('[data-testid=field-grace_signature]').click();
        await page.locator('[data-testid=adopt-tab-type]').click();
        await page.locator('[data-testid=adopt-signature]').click();
        await consentAndCheckCollapse(page);
        await assertAccessible(page, 'last signer, ready to finish');
        await page.locator('[data-testid=finish-button]').click();
        const done = page.locator('[data-testid=state-signed]');
        await done.waitFor({ timeout: 15_000 });
        assert.equal(await done.getAttribute('data-last-signer'), 'true');
        const text = (await done.textContent()) ?? '';
        assert.match(text, /complete and is being sealed/);
        assert.doesNotMatch(text, /when everyone has signed/i);
        await assertAccessible(page, 'last signer, signed');
        await screenshot(page, 'signing-page-375-signed');
        assert.deepEqual(errors, [], 'no script errors and no CSP violations');
      } finally {
        await page.close();
      }
    });
  },
  { database: 'sqlite', smtpSink: true },
);
