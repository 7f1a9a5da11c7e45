import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { mailedCode, openLeaseLink, saveLink } from '../api/workflows/public-link-fixtures.js';
import { signBody, tokenFor, waitForCompletion } from '../api/signing/signing-helpers.js';
import { checkBothWidths } from './accessibility.js';
import { launchChromium, NARROW, recordErrors, WIDE } from './chromium.js';
import { signWithDrawnSignature, waitForRenderedCanvas } from './gestures.js';

describeWithServer(
  'a public link in the browser',
  (server, sink) => {
    let browser: Browser;
    let token: string;
    let slug: string;
    let templateId: string;

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      token = (await server.newAccount()).accessToken;
      ({ slug, templateId } = await openLeaseLink(server, token));
      browser = await launchChromium();
    });
    after(() => browser?.close());

    for (const [label, viewport] of [
      ['1280', WIDE],
      ['375', NARROW],
    ] as const) {
      it(`takes a visitor at ${label} px by keyboard from name and address through the mailed code to signing; the landlord is invited and the envelope completes`, async () => {
        const email = `tina-${label}@example.test`;
        const page = await browser.newPage({ viewport, locale: 'en-GB' });
        const errors = recordErrors(page);
        try {
          const response = await page.goto(`${server.url}/p/${slug}`);
          assert.equal(response?.status(), 200);
          await page.getByRole('heading', { name: 'Sign "Lease"' }).waitFor();
          await page.getByText('From Acme Test').waitFor();
          if (label === '1280') await checkBothWidths(page, 'public-link-details');

          await page.getByLabel('Your name').focus();
          await page.keyboard.type('Tina Tenant');
          await page.keyboard.press('Tab');
          assert.equal(await page.evaluate(() => document.activeElement?.id), 'public-link-email');
          const seen = sink.messages.length;
          await page.keyboard.type(email);
          await page.keyboard.press('Enter');
          await page.getByText(`We sent a 6-digit code to ${email}`).waitFor();
          assert.equal(await page.evaluate(() => document.activeElement?.id), 'public-link-code', 'focus moves to the code');
          const code = await mailedCode(server, sink, email, seen);

          await page.keyboard.type(code === '000000' ? '111111' : '000000');
          await page.keyboard.press('Enter');
          await page.getByRole('alert').getByText('This code is not right').waitFor();
          if (label === '1280') await checkBothWidths(page, 'public-link-code-refused');

          await page.getByLabel('Code from the e-mail').fill(code);
          await page.keyboard.press('Enter');
          await page.waitForURL(/\/sign\/cs_st_/);
          await waitForRenderedCanvas(page, 'canvas.pdf-canvas');
          await page.screenshot({ path: `.test-tmp/screenshots/public-link-signing-${label}.png` });
          await signWithDrawnSignature(page);
          assert.deepEqual(
            errors.filter((error) => !error.includes('401')),
            [],
            'no script errors and no CSP violations (the refused code answered 401)',
          );
        } finally {
          await page.close();
        }

        const envelope = await server.service.ctx.db
          .selectFrom('recipients')
          .select(['envelope_id', 'status'])
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        assert.equal(envelope.status, 'Signed');
        await server.service.worker.drain();
        await sink.waitFor((m) => JSON.stringify(m.to).includes('lena@example.test') && (m.subject ?? '').includes('Lease'));
        const landlord = await server.service.ctx.db
          .selectFrom('recipients')
          .select('id')
          .where('envelope_id', '=', envelope.envelope_id)
          .where('email', '=', 'lena@example.test')
          .executeTakeFirstOrThrow();
        const landlordToken = await tokenFor(server, envelope.envelope_id, landlord.id);
        const signed = await server.call('POST', `/api/v2.0/signing/${landlordToken}/sign`, { noAppAuthType: true, body: signBody() });
        assert.equal(signed.status, 200, JSON.stringify(signed.body));
        assert.equal((await waitForCompletion(server, envelope.envelope_id)).status, 'Completed');
      });
    }

    it('says a closed link is closed, and why, in the browser’s language', async () => {
      assert.equal((await saveLink(server, token, templateId, { enabled: false, role: 'Tenant' })).status, 200);
      const page = await browser.newPage({ viewport: WIDE, locale: 'de-DE' });
      try {
        await page.goto(`${server.url}/p/${slug}`);
        await page.getByRole('heading', { name: 'Dieser Link ist geschlossen' }).waitFor();
        await page.getByText('Sein Inhaber hat ihn abgeschaltet.').waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
        await checkBothWidths(page, 'public-link-closed');
        await page.goto(`${server.url}/p/no-such-link`);
        await page.getByRole('heading', { name: 'Diesen Link gibt es nicht' }).waitFor();
        await checkBothWidths(page, 'public-link-missing');
      } finally {
        await page.close();
      }
    });
  },
  { database: 'sqlite', smtpSink: true },
);
