import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { formatDate } from '../../src/domain/date-format.js';
import { describeWithServer } from '../support/api-suite.js';
import { createEnvelope } from '../support/envelopes.js';
import { assertAccessible, screenshot } from './accessibility.js';
import { launchChromium } from './chromium.js';
import { openInvitation as openSigningInvitation } from './signing-invitation.js';

const fields = (prefix: string) => [
  { type: 'text', page: 1, x: 72, y: 440, width: 200, height: 24, required: true, placeholder: `${prefix}_company` },
  { type: 'signature', page: 1, x: 72, y: 560, width: 180, height: 44, placeholder: `${prefix}_signature` },
  { type: 'date_signed', page: 1, x: 300, y: 575, width: 150, height: 20, placeholder: `${prefix}_date` },
];

const signers = [
  { name: 'Hanna Schmidt', email: 'hanna@example.test', language: 'de', fields: fields('de') },
  { name: '山田 太郎', email: 'taro@example.test', language: 'ja', fields: fields('ja') },
];

describeWithServer(
  'the signing page in the signer’s language (docs/concepts/recipients.md, Chromium)',
  (server, sink) => {
    let browser: Browser;

    before(async () => {
      const account = await server.newAccount();
      await createEnvelope(server, account.accessToken, {
        signers,
        document: { name: 'vertrag.pdf', pages: 1, text: 'Consulting agreement' },
      });
      await server.service.worker.drain();
      browser = await launchChromium();
    });
    after(() => browser?.close());

    const openInvitation = (email: string, viewport: { width: number; height: number }) =>
      openSigningInvitation(browser, sink, server.url, email, viewport);

    const checkPage = async (page: Page, language: 'de' | 'ja', expected: { finish: string; signHere: string; disclosure: RegExp }) => {
      // A device without a Japanese face gets the served one: wait for it before looking.
      await page.evaluate(async () => {
        await document.fonts.ready;
      });
      assert.equal(await page.evaluate(() => document.documentElement.lang), language);
      assert.equal(((await page.locator('[data-testid=finish-button]').textContent()) ?? '').trim(), expected.finish);
      assert.match((await page.locator(`[data-testid=field-${language}_signature]`).textContent()) ?? '', new RegExp(expected.signHere));
      assert.match((await page.locator('[data-testid=consent-text]').textContent()) ?? '', expected.disclosure);
      assert.equal(await page.locator(`[data-testid=field-${language}_date]`).inputValue(), formatDate(new Date(), language));
    };

    for (const width of [1280, 375]) {
      const viewport = { width, height: width === 375 ? 812 : 800 };

      it(`shows a German signer the page in German at ${width} px, accessible`, async () => {
        const { page, errors } = await openInvitation('hanna@example.test', viewport);
        try {
          await checkPage(page, 'de', { finish: 'Fertigstellen', signHere: 'Hier unterschreiben', disclosure: /Papierkopien/ });
          assert.match((await page.locator('.signer-line').textContent()) ?? '', /Sie unterschreiben als Hanna Schmidt/);
          await assertAccessible(page, `German page at ${width} px`);
          await screenshot(page, `signing-languages-de-${width}`);
          await page.locator('[data-testid=decline-button]').click();
          assert.match((await page.locator('[data-testid=decline-dialog] h2').textContent()) ?? '', /Unterschrift ablehnen/);
          await assertAccessible(page, `German decline dialog at ${width} px`);
          assert.deepEqual(errors, []);
        } finally {
          await page.close();
        }
      });

      it(`shows a Japanese signer the page in Japanese at ${width} px, accessible`, async () => {
        const { page, errors } = await openInvitation('taro@example.test', viewport);
        try {
          await checkPage(page, 'ja', { finish: '完了', signHere: 'ここに署名', disclosure: /紙の写し/ });
          assert.match((await page.locator('.signer-line').textContent()) ?? '', /山田 太郎/);
          await assertAccessible(page, `Japanese page at ${width} px`);
          await screenshot(page, `signing-languages-ja-${width}`);
          assert.deepEqual(errors, []);
        } finally {
          await page.close();
        }
      });
    }
  },
  { database: 'sqlite', smtpSink: true },
);
