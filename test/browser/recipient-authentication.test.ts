import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { envelopeRequest, pdfBase64 } from '../support/envelopes.js';
import { tokenFor } from '../api/signing/signing-helpers.js';
import { assertAccessible, screenshot } from './accessibility.js';
import { signWithDrawnSignature } from './gestures.js';
import { launchChromium } from './chromium.js';

const ACCESS_CODE = 'harbour-7731';

const signers = [
  {
    name: 'Ada Lovelace',
    email: 'ada@example.test',
    authentication: { method: 'access_code', access_code: ACCESS_CODE },
    fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40, placeholder: 'ada_signature' }],
  },
  {
    name: 'Grace Hopper',
    email: 'grace@example.test',
    country_code: 49,
    phone_number: '0151 2345 6789',
    authentication: { method: 'sms' },
    fields: [{ type: 'signature', page: 2, x: 72, y: 600, width: 160, height: 40, placeholder: 'grace_signature' }],
  },
];

const signDocuments = async (page: Page) => {
  await page.locator('[data-testid=envelope-name]').waitFor({ timeout: 15_000 });
  await page.locator('canvas.pdf-canvas').first().waitFor({ timeout: 15_000 });
  await signWithDrawnSignature(page);
};

describeWithServer(
  'recipient authentication on the signing page',
  (server) => {
    let browser: Browser;
    let envelopeId: string;
    let recipientIds: string[];

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      const account = await server.newAccount();
      const body = {
        ...(await envelopeRequest({ flow: 'Parallel', signers: signers as never })),
        documents: [{ name: 'agreement.pdf', content_base64: await pdfBase64(2, 'Sales agreement between Acme and Analytical Engines') }],
      };
      const created = await server.call('POST', '/api/v2.0/envelopes/create', { token: account.accessToken, body });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      envelopeId = created.body.data.envelope_id;
      recipientIds = created.body.data.recipients.signers.map((s: { recipient_id: string }) => s.recipient_id);
      browser = await launchChromium();
    });
    after(() => browser?.close());

    const openAs = async (index: number, viewport: { width: number; height: number }) => {
      const page = await browser.newPage({ viewport });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // The 401 and 429 answers the page expects show up as failed resource loads; anything else is a fault.
      page.on(
        'console',
        (message) => message.type() === 'error' && !/status of (401|429)/.test(message.text()) && errors.push(message.text()),
      );
      await page.goto(`${server.url}/sign/${await tokenFor(server, envelopeId, recipientIds[index]!)}`);
      await page.locator('[data-testid=auth-step]').waitFor({ timeout: 15_000 });
      return { page, errors };
    };

    it('asks the signer for the access code, explains a wrong one, then lets them sign (1280x900)', async () => {
      const { page, errors } = await openAs(0, { width: 1280, height: 900 });
      try {
        await assertAccessible(page, 'access-code step');
        await screenshot(page, 'auth-access-code-1280');
        await page.locator('[data-testid=auth-code]').fill('wrong-code');
        await page.locator('[data-testid=auth-submit]').click();
        await page.locator('[data-testid=auth-error]').waitFor();
        assert.match(await page.locator('[data-testid=auth-error]').innerText(), /not right\. 4 attempts left/);
        await assertAccessible(page, 'access-code step with an error');
        await screenshot(page, 'auth-access-code-error-1280');
        await page.locator('[data-testid=auth-code]').fill(ACCESS_CODE);
        await page.locator('[data-testid=auth-submit]').click();
        await signDocuments(page);
        await screenshot(page, 'auth-access-code-signed-1280');
        assert.deepEqual(errors, [], 'no script errors and no CSP violations');
      } finally {
        await page.close();
      }
      const ada = await server.service.ctx.db
        .selectFrom('recipients')
        .select('status')
        .where('id', '=', recipientIds[0]!)
        .executeTakeFirstOrThrow();
      assert.equal(ada.status, 'Signed');
    });

    it('sends an SMS code on request and lets the signer sign with it on a phone (375x812)', async () => {
      const { page, errors } = await openAs(1, { width: 375, height: 812 });
      try {
        await assertAccessible(page, 'SMS step');
        await screenshot(page, 'auth-sms-375');
        await page.locator('[data-testid=auth-send-code]').click();
        await page.locator('[data-testid=auth-sent]').waitFor();
        assert.match(await page.locator('[data-testid=auth-sent]').innerText(), /\+49…6789/);
        await page.locator('[data-testid=auth-send-code]').click();
        await page.locator('[data-testid=auth-error]').waitFor();
        assert.match(await page.locator('[data-testid=auth-error]').innerText(), /less than a minute ago/);
        await assertAccessible(page, 'SMS step, code sent');
        await screenshot(page, 'auth-sms-sent-375');

        await server.service.worker.drain();
        const outbox = join(server.dataDir, 'outbox');
        const file = (await readdir(outbox)).find((name) => name.endsWith('.sms.txt'));
        assert.ok(file, 'the SMS was written to the outbox');
        const code = /\b(\d{6})\b/.exec(await readFile(join(outbox, file), 'utf8'))?.[1];
        assert.ok(code);
        await page.locator('[data-testid=auth-code]').fill(code);
        await page.locator('[data-testid=auth-submit]').click();
        await signDocuments(page);
        await screenshot(page, 'auth-sms-signed-375');
        assert.deepEqual(errors, [], 'no script errors and no CSP violations');
      } finally {
        await page.close();
      }
    });
  },
  { database: 'sqlite' },
);
