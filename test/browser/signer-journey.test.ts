import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { describeOnEachDatabase } from '../support/api-suite.js';
import { envelopeRequest, pdfBase64 } from '../support/envelopes.js';
import { makePdf } from '../support/pdf-fixtures.js';
import { codeIn, startSmsReceiver } from '../support/sms-receiver.js';
import { linksIn } from '../support/smtp-sink.js';
import { pdfsig, withPdfFile } from '../unit/pdf/poppler.js';
import { waitForCompletion } from '../api/signing/signing-helpers.js';
import { assertAccessible, screenshot } from './accessibility.js';
import { launchChromium, onServer, WIDE } from './chromium.js';
import { signWithDrawnSignature } from './gestures.js';

const run = promisify(execFile);
const PHONE = { width: 375, height: 812 };
const ANNA = 'anna@example.test';
const GRACE = 'grace@example.test';

// Started before the suites are declared: their servers' SMS_URL names its port.
const twilio = await startSmsReceiver();
after(() => twilio.server.close());

/**
 * Issue 12's "done when": a sequential envelope in German whose first signer proves who she is by
 * SMS and must attach a file; the second signer sees her marks; the sealed PDF carries the file.
 */
describeOnEachDatabase(
  'the signer journey: German, SMS-authenticated, with a required attachment',
  (server, sink) => {
    let browser: Browser;
    let envelopeId: string;
    let accessToken: string;

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      accessToken = (await server.newAccount()).accessToken;
      const created = await server.call('POST', '/api/v2.0/envelopes/create', {
        token: accessToken,
        body: {
          ...(await envelopeRequest({
            flow: 'Sequential',
            signers: [
              {
                name: 'Anna Schmidt',
                email: ANNA,
                signing_order: 1,
                language: 'de',
                country_code: 49,
                phone_number: '0151 2345 6789',
                authentication: { method: 'sms' },
                fields: [
                  { type: 'signature', page: 1, x: 72, y: 560, width: 160, height: 40, placeholder: 'anna_signature' },
                  { type: 'attachment', page: 1, x: 72, y: 480, width: 220, height: 24, required: true, placeholder: 'Nachweis' },
                ],
              },
              {
                name: 'Grace Hopper',
                email: GRACE,
                signing_order: 2,
                fields: [{ type: 'signature', page: 1, x: 320, y: 560, width: 160, height: 40, placeholder: 'grace_signature' }],
              },
            ],
          })),
          documents: [
            { name: 'mietvertrag.pdf', content_base64: await pdfBase64(1, 'Mietvertrag zwischen Anna Schmidt und Grace Hopper') },
          ],
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      envelopeId = created.body.data.envelope_id;
      await server.service.worker.drain();
      browser = await launchChromium();
    });
    after(() => browser?.close());

    const openInvitation = async (email: string, viewport: { width: number; height: number }) => {
      const mail = await sink.waitFor((m) => JSON.stringify(m.to).includes(email), 10_000);
      const link = linksIn(mail).find((url) => url.includes('/sign/'));
      assert.ok(link, `the invitation to ${email} links to the signing page`);
      const page = await browser.newPage({ viewport });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(onServer(server.url, link));
      return { page, errors, mail };
    };

    it('invites the first signer in German; she proves who she is with the SMS code, attaches a file and signs', async () => {
      const { page, errors, mail } = await openInvitation(ANNA, WIDE);
      try {
        assert.match(mail.subject ?? '', /[Uu]nterschrift|[Uu]nterzeichn|[Ss]ignieren/, `a German subject: ${mail.subject}`);
        await page.locator('[data-testid=auth-step]').waitFor({ timeout: 15_000 });
        assert.equal(await page.getAttribute('html', 'lang'), 'de');
        await assertAccessible(page, 'SMS step');
        await screenshot(page, 'signer-journey-sms-step');

        const sent = twilio.received.length;
        await page.locator('[data-testid=auth-send-code]').click();
        await page.locator('[data-testid=auth-sent]').waitFor();
        await server.service.worker.drain();
        assert.equal(twilio.received.length, sent + 1, 'the code went to the SMS provider');
        const text = new URLSearchParams(twilio.received.at(-1)!.body).get('Body') ?? '';
        assert.match(text, /ist Ihr Countersign-Signaturcode/, 'the SMS speaks German');
        const code = codeIn(text);
        assert.ok(code, 'the SMS carries a 6-digit code');
        await page.locator('[data-testid=auth-code]').fill(code);
        await page.locator('[data-testid=auth-submit]').click();

        await page.locator('[data-testid=envelope-name]').waitFor({ timeout: 15_000 });
        await page.locator('[data-testid="field-Nachweis-input"]').setInputFiles({
          name: 'ausweis.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from(await makePdf({ pages: 1, text: 'Personalausweis' })),
        });
        await page.locator('[data-testid="attachment-Nachweis-status"]').waitFor({ timeout: 15_000 });
        await signWithDrawnSignature(page);
        await assertAccessible(page, 'signed, German');
        await screenshot(page, 'signer-journey-anna-signed');
        assert.deepEqual(errors, [], 'no script errors');
      } finally {
        await page.close();
      }
    });

    it("shows the second signer the first signer's signature and file in place, and lets her sign on a phone", async () => {
      await server.service.worker.drain();
      const { page, errors } = await openInvitation(GRACE, PHONE);
      try {
        await page.locator('[data-testid=envelope-name]').waitFor({ timeout: 15_000 });
        const annaSignature = page.locator('[data-testid=signed-anna_signature]');
        await annaSignature.waitFor({ timeout: 15_000 });
        assert.equal(await annaSignature.locator('img').count(), 1, "Anna's drawn signature is shown");
        assert.match((await page.locator('[data-testid=signed-Nachweis]').textContent()) ?? '', /ausweis\.pdf/);
        await annaSignature.scrollIntoViewIfNeeded();
        await screenshot(page, 'signer-journey-grace-sees-anna');
        await signWithDrawnSignature(page);
        await assertAccessible(page, 'last signer signed');
        assert.deepEqual(errors, [], 'no script errors');
      } finally {
        await page.close();
      }
    });

    it('seals a PDF that carries the attachment and validates in pdfsig', async () => {
      assert.equal((await waitForCompletion(server, envelopeId)).status, 'Completed');
      const details = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token: accessToken });
      const documentId = details.body.data.documents[0].document_id;
      const download = await fetch(`${server.url}/api/v2.0/envelopes/${envelopeId}/${documentId}/download`, {
        headers: { authorization: `Bearer ${accessToken}`, app_auth_type: 'esign-oauth2', accept: 'application/pdf' },
      });
      assert.equal(download.status, 200);
      const sealed = new Uint8Array(await download.arrayBuffer());
      assert.match(await pdfsig(sealed), /Signature is Valid/);
      const attached = await withPdfFile(sealed, async (path) => (await run('pdfdetach', ['-list', path])).stdout);
      assert.match(attached, /ausweis\.pdf/);
    });
  },
  { smtpSink: true, env: { SMS_URL: 'twilio://ACjourney:twilio-secret@+15005550006', TWILIO_API_URL: twilio.url } },
);
