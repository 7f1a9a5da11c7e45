import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { pdfBase64 } from '../support/envelopes.js';
import { makePdf } from '../support/pdf-fixtures.js';
import { tokenFor } from '../api/signing/signing-helpers.js';
import { assertAccessible, screenshot } from './accessibility.js';
import { signWithDrawnSignature } from './gestures.js';
import { launchChromium, recordErrors } from './chromium.js';

const signer = (email: string) => ({
  name: 'Ada Lovelace',
  email,
  fields: [
    { type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40, placeholder: 'ada_signature' },
    { type: 'attachment', page: 1, x: 72, y: 480, width: 220, height: 28, required: true, placeholder: 'Proof of address' },
  ],
});

describeWithServer(
  'an attachment field on the signing page',
  (server) => {
    let browser: Browser;
    let accessToken: string;
    let bill: Buffer;

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      accessToken = (await server.newAccount()).accessToken;
      bill = Buffer.from(await makePdf({ pages: 1, text: 'Utility bill' }));
      browser = await launchChromium();
    });
    after(() => browser?.close());

    const newEnvelope = async (email: string) => {
      const created = await server.call('POST', '/api/v2.0/envelopes/create', {
        token: accessToken,
        body: {
          envelope: { name: 'Tenancy application', send_email_to_recipients: false },
          documents: [{ name: 'application.pdf', content_base64: await pdfBase64(1, 'Tenancy application of Ada Lovelace') }],
          recipients: { signers: [signer(email)] },
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const data = created.body.data as { envelope_id: string; recipients: { signers: { recipient_id: string }[] } };
      return { envelopeId: data.envelope_id, token: await tokenFor(server, data.envelope_id, data.recipients.signers[0]!.recipient_id) };
    };

    const uploadAndSign = async (viewport: { width: number; height: number }, name: string) => {
      const { envelopeId, token } = await newEnvelope(`ada-${viewport.width}@example.test`);
      const page = await browser.newPage({ viewport });
      const errors = recordErrors(page);
      try {
        await page.goto(`${server.url}/sign/${token}`);
        await page.locator('[data-testid=envelope-name]').waitFor({ timeout: 15_000 });
        const button = page.getByRole('button', { name: /^Proof of address/ });
        await button.waitFor({ timeout: 15_000 });
        assert.match((await button.textContent()) ?? '', /Proof of address/);

        // A file that is not a PDF, PNG or JPEG is refused with the service's explanation, under the documents.
        await page.locator('[data-testid="field-Proof of address-input"]').setInputFiles({
          name: 'setup.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('MZ not really a PDF'),
        });
        const error = page.locator('[data-testid="attachment-Proof of address-error"]');
        await error.waitFor({ timeout: 15_000 });
        assert.match((await error.textContent()) ?? '', /PDF, PNG or JPEG/);
        await error.scrollIntoViewIfNeeded();
        await screenshot(page, `attachment-${name}-refused`);
        await assertAccessible(page, `refused file (${name})`);

        // The box on the page opens the picker; the chosen file is uploaded at once and named in the box.
        const chooser = page.waitForEvent('filechooser');
        await button.click();
        await (await chooser).setFiles({ name: 'utility-bill.pdf', mimeType: 'application/pdf', buffer: bill });
        const status = page.locator('[data-testid="attachment-Proof of address-status"]');
        await status.waitFor({ timeout: 15_000 });
        assert.match((await status.textContent()) ?? '', /utility-bill\.pdf · 1 KB|utility-bill\.pdf · \d+ (B|KB)/);
        assert.match((await button.textContent()) ?? '', /utility-bill\.pdf/);
        assert.equal(await error.count(), 0, 'the error is gone once a file is accepted');
        assert.ok(await page.getByRole('button', { name: /^Replace/ }).isVisible());
        assert.ok(await page.getByRole('button', { name: /^Remove/ }).isVisible());
        await button.scrollIntoViewIfNeeded();
        await screenshot(page, `attachment-${name}-uploaded`);
        await assertAccessible(page, `uploaded file (${name})`);

        await signWithDrawnSignature(page);
        await screenshot(page, `attachment-${name}-signed`);
        await assertAccessible(page, `signed (${name})`);
        assert.deepEqual(
          errors.filter((e) => !/status of 415/.test(e)),
          [],
          'no script errors and no CSP violations',
        );
      } finally {
        await page.close();
      }

      const field = await server.service.ctx.db
        .selectFrom('fields')
        .select('value')
        .where('envelope_id', '=', envelopeId)
        .where('type', '=', 'attachment')
        .executeTakeFirstOrThrow();
      const upload = await server.service.ctx.db
        .selectFrom('signer_attachments')
        .select(['id', 'name'])
        .where('envelope_id', '=', envelopeId)
        .executeTakeFirst();
      const kept = await server.service.ctx.db
        .selectFrom('attachments')
        .select(['id', 'name'])
        .where('envelope_id', '=', envelopeId)
        .execute();
      const named = upload ?? kept[0];
      assert.equal(named?.name, 'utility-bill.pdf');
      assert.equal(field.value, named?.id);
    };

    it('lets a signer upload a PDF into a required attachment field and sign (1280x900)', async () => {
      await uploadAndSign({ width: 1280, height: 900 }, '1280');
    });

    it('lets a signer upload a PDF into a required attachment field and sign on a phone (375x812)', async () => {
      await uploadAndSign({ width: 375, height: 812 }, '375');
    });
  },
  { database: 'sqlite' },
);
