import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { createEnvelope } from '../support/envelopes.js';
import { launchChromium } from './chromium.js';
import { signWithDrawnSignature, waitForRenderedCanvas } from './gestures.js';
import { openInvitation } from './signing-invitation.js';

const SHOTS = '/tmp/shots';

const signers = [
  {
    name: 'Ada Lovelace',
    email: 'ada@example.test',
    signing_order: 1,
    fields: [
      { type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40, placeholder: 'ada_signature' },
      { type: 'text', page: 1, x: 72, y: 540, width: 200, height: 24, required: true, placeholder: 'Company' },
    ],
  },
  {
    name: 'Grace Hopper',
    email: 'grace@example.test',
    signing_order: 2,
    fields: [{ type: 'signature', page: 2, x: 72, y: 600, width: 160, height: 40, placeholder: 'grace_signature' }],
  },
];

describeWithServer(
  'signing an envelope in the browser, from the invitation mail',
  (server, sink) => {
    let browser: Browser;
    let envelopeId: string;
    let accessToken: string;

    before(async () => {
      mkdirSync(SHOTS, { recursive: true });
      const account = await server.newAccount();
      accessToken = account.accessToken;
      const created = await createEnvelope(server, account.accessToken, {
        flow: 'Sequential',
        signers,
        document: { name: 'agreement.pdf', pages: 2, text: 'Sales agreement between Acme and Analytical Engines' },
      });
      envelopeId = created.envelope_id;
      await server.service.worker.drain();
      browser = await launchChromium();
    });
    after(() => browser?.close());

    const signAs = async (email: string, viewport: { width: number; height: number }, shot: string, fillCompany: boolean) => {
      const { page, errors } = await openInvitation(browser, sink, server.url, email, viewport);
      try {
        await waitForRenderedCanvas(page, 'canvas.pdf-canvas');
        await page.screenshot({ path: `${SHOTS}/${shot}.png` });
        await page.locator('.field-mark').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/${shot}-document.png` });

        if (fillCompany)
          await page
            .getByLabel(/Company/)
            .first()
            .fill('Analytical Engines Ltd');
        await signWithDrawnSignature(page);
        await page.screenshot({ path: `${SHOTS}/${shot}-signed.png` });
        assert.deepEqual(errors, [], 'no script errors and no CSP violations');
      } finally {
        await page.close();
      }
    };

    it('lets the first signer see the PDF, fill the fields, draw a signature, consent and finish (1280x900)', async () => {
      await signAs('ada@example.test', { width: 1280, height: 900 }, 'sign-1280x900', true);
      const ada = await server.service.ctx.db
        .selectFrom('recipients')
        .select(['status', 'signature'])
        .where('envelope_id', '=', envelopeId)
        .where('email', '=', 'ada@example.test')
        .executeTakeFirstOrThrow();
      assert.equal(ada.status, 'Signed');
      const company = await server.service.ctx.db
        .selectFrom('fields')
        .select('value')
        .where('envelope_id', '=', envelopeId)
        .where('placeholder', '=', 'Company')
        .executeTakeFirstOrThrow();
      assert.equal(company.value, 'Analytical Engines Ltd');
    });

    it('then lets the second signer do the same on a phone (375x812)', async () => {
      await server.service.worker.drain();
      await signAs('grace@example.test', { width: 375, height: 812 }, 'sign-375x812', false);
      const statuses = await server.service.ctx.db
        .selectFrom('recipients')
        .select('status')
        .where('envelope_id', '=', envelopeId)
        .where('role', '=', 'signer')
        .execute();
      assert.deepEqual(
        statuses.map((r) => r.status),
        ['Signed', 'Signed'],
      );
    });

    it('completes the envelope once the worker has run, and the sealed PDF downloads and verifies', async () => {
      await server.service.worker.drain();
      const details = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token: accessToken });
      assert.equal(details.body.data.status, 'Completed');
      const documentId = details.body.data.documents[0].document_id;

      const download = await fetch(`${server.url}/api/v2.0/envelopes/${envelopeId}/${documentId}/download`, {
        headers: { authorization: `Bearer ${accessToken}`, app_auth_type: 'esign-oauth2', accept: 'application/pdf' },
      });
      assert.equal(download.status, 200);
      assert.match(download.headers.get('content-type') ?? '', /^application\/pdf/);
      const sealed = new Uint8Array(await download.arrayBuffer());
      assert.equal(Buffer.from(sealed.subarray(0, 5)).toString(), '%PDF-');

      const check = await server.call('POST', `/verify/${envelopeId}/check`, {
        noAppAuthType: true,
        rawBody: new Blob([Buffer.from(sealed)]),
        headers: { 'content-type': 'application/pdf' },
      });
      assert.equal(check.status, 200);
      assert.equal(check.body.data.match, true);
      assert.equal(check.body.data.seal.valid, true);

      const record = await server.call('GET', `/verify/${envelopeId}`, { noAppAuthType: true, headers: { accept: 'application/json' } });
      assert.equal(record.body.data.status, 'Completed');
      assert.match(record.body.data.ledger_head_hash, /^[0-9a-f]{64}$/);
    });
  },
  { database: 'sqlite', smtpSink: true },
);
