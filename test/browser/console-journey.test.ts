import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { pdfBase64 } from '../support/envelopes.js';
import { PAGE_SIZES } from '../support/pdf-fixtures.js';
import { linksIn } from '../support/smtp-sink.js';
import { pdfsig } from '../unit/pdf/poppler.js';
import { assertAccessible, screenshot } from './accessibility.js';
import { launchChromium, onServer, WIDE } from './chromium.js';
import { dragTo, signWithDrawnSignature, waitForRenderedCanvas } from './gestures.js';

const PHONE = { width: 375, height: 812 };
const SIGNER = { name: 'Ada Lovelace', email: 'ada@journey.test' };

/**
 * Issue 11's journey, as a person who has never seen the API lives it: invited by an admin, signed
 * in from the mail, a PDF uploaded, fields placed by hand, sent, signed from the signer's mail, and
 * the sealed result downloaded from the console.
 */
describeWithServer(
  'the console journey: from the invitation mail to a sealed PDF',
  (server, sink) => {
    let browser: Browser;
    let consolePage: Page;
    let envelopeUrl: string;

    const mailTo = async (email: string, pathPart: string): Promise<string> => {
      const mail = await sink.waitFor((m) => JSON.stringify(m.to).includes(email), 10_000);
      const link = linksIn(mail).find((url) => url.includes(pathPart));
      assert.ok(link, `the mail to ${email} carries a ${pathPart} link`);
      return onServer(server.url, link);
    };

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      browser = await launchChromium();
      consolePage = await browser.newPage({ viewport: WIDE, acceptDownloads: true });
    });
    after(() => browser?.close());

    it('signs an invited person in from the invitation mail', async () => {
      const owner = await server.newAccount();
      const invited = await server.call('POST', '/api/v2.0/account/users', {
        token: owner.accessToken,
        body: { email: 'nora@journey.test', name: 'Nora Okafor', role: 'sender' },
      });
      assert.equal(invited.status, 201, JSON.stringify(invited.body));

      await consolePage.goto(await mailTo('nora@journey.test', '/console/login/'));
      await consolePage.waitForURL(`${server.url}/envelopes`);
      await consolePage.getByText('Nora Okafor · sender').waitFor();
    });

    it('uploads a PDF, drags a signature field for the signer and a date field onto it, and sends', async () => {
      const page = consolePage;
      await page.getByRole('link', { name: 'Send', exact: true }).click();
      await page.getByRole('heading', { name: 'Send documents for signature' }).waitFor();
      const pdf = Buffer.from(await pdfBase64(1, 'Consulting agreement between Nora Okafor and Ada Lovelace'), 'base64');
      await page.locator('[data-testid=file-input]').setInputFiles({ name: 'consulting.pdf', mimeType: 'application/pdf', buffer: pdf });
      await page.getByLabel('Name', { exact: true }).first().fill(SIGNER.name);
      await page.getByLabel('E-mail', { exact: true }).first().fill(SIGNER.email);
      await waitForRenderedCanvas(page, 'canvas.editor-canvas');

      const pageOne = page.locator('[data-testid=editor-page-1-1]');
      await pageOne.scrollIntoViewIfNeeded();
      const box = await pageOne.boundingBox();
      assert.ok(box, 'page 1 is drawn');
      const scale = box.width / PAGE_SIZES.letter.width;
      await dragTo(page, page.locator('[data-testid=palette-signature]'), { x: box.x + 220 * scale, y: box.y + 500 * scale });
      await dragTo(page, page.locator('[data-testid=palette-date_signed]'), { x: box.x + 420 * scale, y: box.y + 500 * scale });
      await page.getByRole('button', { name: `Signature for ${SIGNER.name}, page 1` }).waitFor();
      await page.getByRole('button', { name: `Date signed for ${SIGNER.name}, page 1` }).waitFor();

      await page.locator('[data-testid=send-envelope]').click();
      await page.waitForURL(/\/envelopes\/env_/, { timeout: 15_000 });
      envelopeUrl = page.url();
      await page.getByTestId('envelope-status').getByText('Sent').waitFor();
    });

    it('lets the signer sign from the invitation mail, and the console shows Completed by itself', async () => {
      await server.service.worker.drain();
      const signing = await browser.newPage({ viewport: PHONE });
      try {
        await signing.goto(await mailTo(SIGNER.email, '/sign/'));
        await signing.locator('.field-mark').first().waitFor({ timeout: 15_000 });
        await signWithDrawnSignature(signing);
      } finally {
        await signing.close();
      }
      await server.service.worker.drain();

      // No reload: the envelope page keeps its status current on its own.
      await consolePage.getByTestId('envelope-status').getByText('Completed').waitFor({ timeout: 20_000 });
      assert.equal(consolePage.url(), envelopeUrl);
      await assertAccessible(consolePage, 'completed envelope at 1280 px');
      await screenshot(consolePage, 'journey-completed-1280');
    });

    it('downloads the sealed PDF from the console, and pdfsig finds its seal valid', async () => {
      const [download] = await Promise.all([
        consolePage.waitForEvent('download'),
        consolePage.locator('[data-testid=download-document]').first().click(),
      ]);
      assert.equal(download.suggestedFilename(), 'consulting (signed).pdf');
      const path = await download.path();
      const sealed = new Uint8Array(readFileSync(path));
      assert.equal(Buffer.from(sealed.subarray(0, 5)).toString(), '%PDF-');
      assert.match(await pdfsig(sealed), /Signature is Valid/);
    });

    it('shows the completed envelope usably on a phone', async () => {
      await consolePage.setViewportSize(PHONE);
      await consolePage.reload();
      await consolePage.getByTestId('envelope-status').getByText('Completed').waitFor();
      const overflow = await consolePage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `nothing scrolls sideways (${overflow} px)`);
      await assertAccessible(consolePage, 'completed envelope at 375 px');
      await screenshot(consolePage, 'journey-completed-375');
    });
  },
  { database: 'sqlite', smtpSink: true },
);
