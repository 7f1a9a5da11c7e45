import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { DOCX_MEDIA_TYPE, makeDocx } from '../support/document-fixtures.js';
import { checkBothWidths } from './accessibility.js';
import { signInThroughInvitation } from './console-invitation.js';
import { launchChromium, recordErrors, WIDE } from './chromium.js';
import { waitForRenderedCanvas } from './gestures.js';

describeWithServer(
  'documents in other formats in the console composer (docs/api/conversion.md)',
  (server, sink) => {
    let browser: Browser;
    let context: BrowserContext;

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      const account = await server.newAccount();
      browser = await launchChromium();
      context = await browser.newContext({ viewport: WIDE });
      await signInThroughInvitation(context, server, sink, {
        accountId: account.account_id,
        email: 'sender@people.test',
        name: 'Sam Sender',
        role: 'sender',
      });
    });
    after(() => browser?.close());

    it('offers Word, ODT, RTF, HTML and images in its chooser, and shows a Word document’s pages as the PDF it became', async () => {
      const page = await context.newPage();
      const errors = recordErrors(page);
      try {
        await page.goto(`${server.url}/compose`);
        await page.getByRole('heading', { name: 'Send documents for signature' }).waitFor();
        await page.getByText('Or drop files here: PDF, Word, ODT, RTF, HTML or image.').waitFor();
        const accept = (await page.locator('[data-testid=file-input]').getAttribute('accept')) ?? '';
        for (const type of [
          'application/pdf',
          DOCX_MEDIA_TYPE,
          'application/vnd.oasis.opendocument.text',
          'application/rtf',
          'text/html',
          'image/png',
          'image/jpeg',
          '.docx',
        ]) {
          assert.ok(accept.split(',').includes(type), `${type} in ${accept}`);
        }
        await checkBothWidths(page, 'composer-document-picker');

        await page.locator('[data-testid=file-input]').setInputFiles({
          name: 'Offer letter.docx',
          mimeType: DOCX_MEDIA_TYPE,
          buffer: makeDocx(['Offer letter for Ada Lovelace', 'Salary and start date']),
        });
        await page
          .locator('[data-testid=document-list]')
          .getByRole('button', { name: 'Remove Offer letter.pdf' })
          .waitFor({ timeout: 240_000 });
        await waitForRenderedCanvas(page, 'canvas.editor-canvas');
        await checkBothWidths(page, 'composer-converted-document');
        assert.deepEqual(errors, [], 'no script errors and no CSP violations');
      } finally {
        await page.close();
      }
    });

    it('refuses a file of another format in the drop zone, in words', async () => {
      const page = await context.newPage();
      try {
        await page.goto(`${server.url}/compose`);
        await page
          .locator('[data-testid=file-input]')
          .setInputFiles({ name: 'sheet.xlsx', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('PK') });
        await page.getByRole('alert').filter({ hasText: 'Only PDF, Word, ODT, RTF, HTML or image files can be added.' }).waitFor();
      } finally {
        await page.close();
      }
    });
  },
  { database: 'sqlite', smtpSink: true },
);
