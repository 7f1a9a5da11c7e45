import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { updateAccount } from '../../src/app/accounts/update-account.js';
import { describeWithServer } from '../support/api-suite.js';
import { createEnvelope } from '../support/envelopes.js';
import type { TestServer } from '../support/test-server.js';
import { launchChromium, onServer } from './chromium.js';
import { assertFramingRefused, foreignSite, postedEvents, waitForPostedEvent } from './foreign-site.js';

// Named fields: the page labels each field by its placeholder.
const signers = [
  {
    name: 'Ada Lovelace',
    email: 'ada@example.test',
    fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40, placeholder: 'ada_signature' }],
  },
  {
    name: 'Grace Hopper',
    email: 'grace@example.test',
    fields: [{ type: 'signature', page: 2, x: 72, y: 600, width: 160, height: 40, placeholder: 'grace_signature' }],
  },
];

interface EmbedEvent {
  type: string;
  envelope_id: string | null;
}

describeWithServer(
  'embedded signing (?embed=1 in a sender iFrame)',
  (service) => {
    let browser: Browser;
    let account: Awaited<ReturnType<TestServer['newAccount']>>;
    const parent = foreignSite(() => browser);

    before(async () => {
      account = await service.newAccount();
      browser = await launchChromium();
    });
    after(() => browser?.close());

    const embeddedLink = async () => {
      const { envelope_id } = await createEnvelope(service, account.accessToken, { signers });
      const response = await service.call('GET', `/api/v2.0/envelopes/${envelope_id}/generate_embedded_url/ada@example.test`, {
        token: account.accessToken,
      });
      assert.equal(response.status, 200);
      return { envelopeId: envelope_id, url: onServer(service.url, response.body.data.url) };
    };

    it("loads in the sender's frame and posts countersign.loaded when the account lists the sender's origin", async () => {
      await updateAccount(service.service.ctx, account.account_id, { frameAncestors: [parent.origin] });
      const { envelopeId, url } = await embeddedLink();
      const { page } = await parent.open(url);
      try {
        await waitForPostedEvent(page, 'countersign.loaded');
        assert.deepEqual(
          (await postedEvents<EmbedEvent>(page)).find((e) => e.type === 'countersign.loaded'),
          { type: 'countersign.loaded', envelope_id: envelopeId },
        );
        const frame = page.frameLocator('#countersign');
        await frame.locator('[data-testid=envelope-name]').waitFor({ timeout: 15_000 });
        assert.equal(await frame.locator('[data-testid=envelope-name]').textContent(), 'Sales agreement');
      } finally {
        await page.close();
      }
    });

    it("is refused by the browser (CSP frame-ancestors) when the account does not list the sender's origin", async () => {
      await updateAccount(service.service.ctx, account.account_id, { frameAncestors: ['https://someone-else.example'] });
      const { url } = await embeddedLink();
      await assertFramingRefused(parent, url);
    });
  },
  { database: 'sqlite' },
);
