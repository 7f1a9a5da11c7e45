import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { createEnvelope } from '../support/envelopes.js';
import { signBody, tokenFor, waitForCompletion } from '../api/signing/signing-helpers.js';
import { checkBothWidths } from './accessibility.js';
import { launchChromium, NARROW, recordErrors, WIDE } from './chromium.js';
import { waitForRenderedCanvas } from './gestures.js';

/**
 * The signing page where a step leaves the usual path: a signer returns the envelope to its sender
 * (and the page then says it is being corrected), an old link after a reassignment, and the signer's
 * completed copy with its downloads until the account's copy window closes.
 */
describeWithServer(
  'the signing page: return to sender, a reassigned link, the completed copy',
  (server) => {
    let browser: Browser;
    let accessToken: string;

    before(async () => {
      accessToken = (await server.newAccount()).accessToken;
      browser = await launchChromium();
    });
    after(() => browser?.close());

    const newEnvelope = async () => {
      const envelope = await createEnvelope(server, accessToken, { flow: 'Sequential' });
      const [ada, grace] = envelope.recipients.signers;
      return {
        envelopeId: envelope.envelope_id,
        ada: await tokenFor(server, envelope.envelope_id, ada!.recipient_id),
        grace: await tokenFor(server, envelope.envelope_id, grace!.recipient_id),
      };
    };

    const open = async (token: string, viewport = WIDE): Promise<{ page: Page; errors: string[] }> => {
      const page = await browser.newPage({ viewport });
      const errors = recordErrors(page);
      await page.goto(`${server.url}/sign/${token}`);
      return { page, errors };
    };

    for (const viewport of [WIDE, NARROW]) {
      it(`returns the envelope to its sender with a comment, and the link then says it is being corrected (${viewport.width} px)`, async () => {
        const { envelopeId, ada } = await newEnvelope();
        const { page, errors } = await open(ada, viewport);
        try {
          await waitForRenderedCanvas(page, 'canvas.pdf-canvas');
          await page.locator('[data-testid=more-actions]').click();
          await page.locator('[data-testid=action-send-back]').click();
          const dialog = page.locator('[data-testid=send-back-dialog]');
          await dialog.waitFor();
          assert.equal(await page.locator('[data-testid=send-back-confirm]').isDisabled(), true, 'a comment is required');
          await checkBothWidths(page, `send-back-dialog-${viewport.width}`);
          await page.locator('[data-testid=send-back-comment]').fill('The start date on page 2 should be 1 April.');
          await page.locator('[data-testid=send-back-confirm]').click();
          await page.locator('[data-testid=state-returned]').waitFor({ timeout: 15_000 });
          assert.match((await page.locator('h1').textContent()) ?? '', /returned the envelope to the sender/);
          await checkBothWidths(page, `state-returned-${viewport.width}`);
          assert.deepEqual(errors, []);
        } finally {
          await page.close();
        }
        const details = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token: accessToken });
        assert.equal(details.body.data.status, 'Correcting');

        const again = await open(ada, viewport);
        try {
          await again.page.locator('[data-testid=state-correcting]').waitFor({ timeout: 15_000 });
          assert.match((await again.page.locator('h1').textContent()) ?? '', /sent back for correction/);
          await checkBothWidths(again.page, `state-correcting-${viewport.width}`);
        } finally {
          await again.page.close();
        }
      });
    }

    it('shows an old link of a reassigned step that the step was handed to someone else', async () => {
      const { envelopeId, ada } = await newEnvelope();
      await server.service.ctx.db.updateTable('envelopes').set({ allow_reassign: 1 }).where('id', '=', envelopeId).execute();
      const reassigned = await server.call('POST', `/api/v2.0/signing/${ada}/reassign`, {
        body: { name: 'Bob Deputy', email: 'bob.deputy@example.test', reason: 'On leave' },
      });
      assert.equal(reassigned.status, 200, JSON.stringify(reassigned.body));
      const { page } = await open(ada);
      try {
        await page.locator('[data-testid=state-reassigned]').waitFor({ timeout: 15_000 });
        assert.match((await page.locator('h1').textContent()) ?? '', /handed to someone else/);
        await checkBothWidths(page, 'state-reassigned-old-link');
      } finally {
        await page.close();
      }
    });

    it('gives every signer their completed copy (sealed documents, certificate) and then, past the copy window, says it is gone', async () => {
      const { envelopeId, ada, grace } = await newEnvelope();
      assert.equal((await server.call('POST', `/api/v2.0/signing/${ada}/sign`, { body: signBody() })).status, 200);
      assert.equal((await server.call('POST', `/api/v2.0/signing/${grace}/sign`, { body: signBody() })).status, 200);
      assert.equal((await waitForCompletion(server, envelopeId)).status, 'Completed');

      const { page, errors } = await open(ada);
      try {
        await page.locator('[data-testid=state-completed-copy]').waitFor({ timeout: 15_000 });
        assert.match((await page.locator('h1').textContent()) ?? '', /Completed/);
        const links = await page.locator('.copy-downloads a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
        assert.equal(links.length, 2, 'the document and the certificate');
        for (const link of links) {
          const download = await fetch(link);
          assert.equal(download.status, 200, link);
          assert.equal(Buffer.from(new Uint8Array(await download.arrayBuffer()).subarray(0, 5)).toString(), '%PDF-');
        }
        assert.match(links[1]!, /\/documents\/certificate$/);
        await checkBothWidths(page, 'state-completed-copy');
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }

      server.clock.advanceDays(31);
      const expired = await open(grace);
      try {
        await expired.page.locator('[data-testid=state-copy-expired]').waitFor({ timeout: 15_000 });
        await checkBothWidths(expired.page, 'state-copy-expired');
      } finally {
        await expired.page.close();
      }
    });
  },
  { database: 'sqlite' },
);
