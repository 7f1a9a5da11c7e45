import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { createEnvelope } from '../support/envelopes.js';
import { tokenFor } from '../api/signing/signing-helpers.js';
import { assertAccessible, screenshot } from './accessibility.js';
import { launchChromium, NARROW, recordErrors } from './chromium.js';
import { waitForRenderedCanvas } from './gestures.js';

/** A form whose boxes are narrow on a phone: a date, a long company name, a signature. */
const signers = [
  {
    name: 'Maximiliane Oberhauser-Lindqvist',
    email: 'maxi@example.test',
    fields: [
      { type: 'date_signed', page: 1, x: 400, y: 600, width: 90, height: 18, placeholder: 'signed_on' },
      { type: 'name', page: 1, x: 72, y: 560, width: 110, height: 18, placeholder: 'full_name' },
      { type: 'text', page: 1, x: 72, y: 520, width: 120, height: 18, required: true, placeholder: 'company' },
      { type: 'signature', page: 1, x: 72, y: 620, width: 160, height: 40 },
    ],
  },
];

const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Whether an input shows its whole value: nothing scrolled out of its box. */
const showsWholeText = (page: Page, testId: string) =>
  page.locator(`[data-testid=${testId}]`).evaluate((input) => {
    const element = input as HTMLInputElement;
    return { fits: element.scrollWidth <= element.clientWidth + 1, value: element.value, font: getComputedStyle(element).fontSize };
  });

describeWithServer(
  'the signing page on a phone',
  (server) => {
    let browser: Browser;
    let token: string;

    before(async () => {
      const account = await server.newAccount();
      const envelope = await createEnvelope(server, account.accessToken, {
        signers,
        envelope: { name: 'Supply agreement for the northern region, with its annexes' },
        document: { name: 'supply-agreement.pdf', pages: 2, text: 'Supply agreement between Acme and Oberhauser' },
      });
      token = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0]!.recipient_id);
      browser = await launchChromium();
    });
    after(() => browser?.close());

    it('at 375 px: the document fits the width, the disclosure is folded, the action bar is on the first screen', async () => {
      const page = await browser.newPage({ viewport: NARROW, hasTouch: true, isMobile: true });
      const errors = recordErrors(page);
      try {
        await page.goto(`${server.url}/sign/${token}`);
        await waitForRenderedCanvas(page, 'canvas.pdf-canvas');
        assert.ok((await overflowOf(page)) <= 0, 'no horizontal scroll of the page');
        const pageBox = await page.locator('.pdf-page').first().boundingBox();
        assert.ok(pageBox && pageBox.x >= 0 && pageBox.x + pageBox.width <= NARROW.width, 'the PDF page fits the width');
        assert.equal(await page.locator('[data-testid=consent-details]').evaluate((d) => (d as HTMLDetailsElement).open), false);
        assert.match((await page.locator('[data-testid=consent-summary]').textContent()) ?? '', /Read the disclosure/);
        const canvasTop = (await page.locator('canvas.pdf-canvas').first().boundingBox())!.y;
        assert.ok(canvasTop < NARROW.height * 0.75, `the document starts on the first screen (at ${canvasTop} px)`);
        const finish = await page.locator('[data-testid=finish-button]').boundingBox();
        assert.ok(finish && finish.y + finish.height <= NARROW.height, 'Finish is reachable without scrolling');
        await assertAccessible(page, 'phone signing page');
        await screenshot(page, 'phone-signing-first-screen');
        await page.screenshot({ path: '.test-tmp/screenshots/phone-signing-viewport.png' });
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });

    it('at 375 px: the date, the name and a typed company are shown whole in their narrow boxes', async () => {
      const page = await browser.newPage({ viewport: NARROW, hasTouch: true, isMobile: true });
      try {
        await page.goto(`${server.url}/sign/${token}`);
        await waitForRenderedCanvas(page, 'canvas.pdf-canvas');
        await page.locator('[data-testid=field-company]').fill('Oberhauser Lindqvist Logistics GmbH');
        for (const testId of ['field-signed_on', 'field-full_name', 'field-company']) {
          const shown = await showsWholeText(page, testId);
          assert.ok(shown.value.length > 0, `${testId} has a value`);
          assert.ok(shown.fits, `${testId} shows "${shown.value}" whole (font ${shown.font})`);
        }
        await page.locator('[data-testid=field-signed_on]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: '.test-tmp/screenshots/phone-signing-fields.png' });
      } finally {
        await page.close();
      }
    });

    it('zooms in and out with the buttons and back to the width of the screen, the page never scrolling sideways', async () => {
      const page = await browser.newPage({ viewport: NARROW, hasTouch: true, isMobile: true });
      try {
        await page.goto(`${server.url}/sign/${token}`);
        await waitForRenderedCanvas(page, 'canvas.pdf-canvas');
        const widthOf = async () => (await page.locator('.pdf-page').first().boundingBox())!.width;
        const fitted = await widthOf();
        await page.locator('[data-testid=zoom-in]').click();
        await page.locator('[data-testid=zoom-in]').click();
        assert.ok(Math.abs((await widthOf()) - fitted * 1.5) <= 2, 'two steps in: 150 %');
        assert.match((await page.locator('[data-testid=zoom-fit]').textContent()) ?? '', /150 %/);
        assert.ok((await overflowOf(page)) <= 0, 'zoomed in, the documents scroll within their area, not the page');
        const area = page.locator('[data-testid=documents]');
        assert.ok(await area.evaluate((element) => element.scrollWidth > element.clientWidth), 'the document area scrolls sideways');
        await waitForRenderedCanvas(page, 'canvas.pdf-canvas');
        await page.screenshot({ path: '.test-tmp/screenshots/phone-signing-zoomed.png' });
        const zoomedFont = await showsWholeText(page, 'field-signed_on');
        assert.ok(zoomedFont.fits);
        await page.locator('[data-testid=zoom-out]').click();
        assert.ok(Math.abs((await widthOf()) - fitted * 1.25) <= 2, 'one step out: 125 %');
        await page.locator('[data-testid=zoom-fit]').click();
        assert.ok(Math.abs((await widthOf()) - fitted) <= 1, 'fit: the width of the screen again');
        await assertAccessible(page, 'phone signing page after zooming');
      } finally {
        await page.close();
      }
    });

    it('zooms with a two-finger pinch on the documents', async () => {
      const page = await browser.newPage({ viewport: NARROW, hasTouch: true, isMobile: true });
      try {
        await page.goto(`${server.url}/sign/${token}`);
        await waitForRenderedCanvas(page, 'canvas.pdf-canvas');
        const before = (await page.locator('.pdf-page').first().boundingBox())!.width;
        const cdp = await page.context().newCDPSession(page);
        const box = (await page.locator('[data-testid=documents]').boundingBox())!;
        const [cx, cy] = [box.x + box.width / 2, Math.min(box.y + 150, NARROW.height - 200)];
        const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
          cdp.send('Input.dispatchTouchEvent', {
            type,
            touchPoints:
              type === 'touchEnd'
                ? []
                : [
                    { x: cx - spread, y: cy, id: 1 },
                    { x: cx + spread, y: cy, id: 2 },
                  ],
          });
        await touch('touchStart', 40);
        for (const spread of [50, 60, 70, 80]) await touch('touchMove', spread);
        await touch('touchEnd', 0);
        const after = (await page.locator('.pdf-page').first().boundingBox())!.width;
        assert.ok(after > before * 1.5, `spreading two fingers to twice their distance zooms in (${before} → ${after} px)`);
        assert.ok((await overflowOf(page)) <= 0);
      } finally {
        await page.close();
      }
    });
  },
  { database: 'sqlite' },
);
