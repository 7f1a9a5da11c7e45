import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { createEnvelope } from '../support/envelopes.js';
import { signBody, tokenFor, waitForCompletion } from '../api/signing/signing-helpers.js';
import { assertAccessible, screenshot } from './accessibility.js';
import { launchChromium } from './chromium.js';

const SIZES = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];

/**
 * Issue 12, item 6: the screens that replace the documents when signing is over or impossible, each
 * reached the way a signer reaches it, checked by axe-core at both sizes.
 */
describeWithServer(
  'the signing page in every end state',
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
        envelopeId: envelope.envelope_id as string,
        ada: await tokenFor(server, envelope.envelope_id, ada!.recipient_id),
        grace: await tokenFor(server, envelope.envelope_id, grace!.recipient_id),
      };
    };

    const expectScreen = async (token: string, state: string) => {
      for (const size of SIZES) {
        const page = await browser.newPage({ viewport: size });
        try {
          await page.goto(`${server.url}/sign/${token}`);
          await page.locator(`[data-testid=state-${state}]`).waitFor({ timeout: 15_000 });
          await assertAccessible(page, `${state} at ${size.width} px`);
          await screenshot(page, `end-state-${state}-${size.width}`);
        } finally {
          await page.close();
        }
      }
    };

    it('shows a later signer whose turn has not come that it is not their turn yet', async () => {
      const { grace } = await newEnvelope();
      await expectScreen(grace, 'not-your-turn');
    });

    it('shows a signer who already signed that they did, and their completed copy once the envelope is complete', async () => {
      const { envelopeId, ada, grace } = await newEnvelope();
      assert.equal((await server.call('POST', `/api/v2.0/signing/${ada}/sign`, { body: signBody() })).status, 200);
      await expectScreen(ada, 'already-signed');
      assert.equal((await server.call('POST', `/api/v2.0/signing/${grace}/sign`, { body: signBody() })).status, 200);
      assert.equal((await waitForCompletion(server, envelopeId)).status, 'Completed');
      await expectScreen(grace, 'completed-copy');
    });

    it('shows a signer who declined that they did, and the next signer that the envelope was declined', async () => {
      const { ada, grace } = await newEnvelope();
      assert.equal((await server.call('POST', `/api/v2.0/signing/${ada}/decline`, { body: { reason: 'Wrong terms.' } })).status, 200);
      await expectScreen(ada, 'declined');
      await expectScreen(grace, 'declined');
    });

    it('shows that the sender cancelled the envelope', async () => {
      const { envelopeId, ada } = await newEnvelope();
      const cancelled = await server.call('POST', `/api/v2.0/envelopes/${envelopeId}/cancel`, {
        token: accessToken,
        body: { cancel_reason: 'Sent by mistake.' },
      });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      await expectScreen(ada, 'cancelled');
    });

    it('explains a link that is not one the service sent', async () => {
      await expectScreen('cs_st_not-a-real-link', 'invalid-link');
    });

    it('shows that the envelope expired once its due date has passed', async () => {
      const { ada } = await newEnvelope();
      server.clock.advanceDays(400);
      await expectScreen(ada, 'expired');
    });
  },
  { database: 'sqlite' },
);
