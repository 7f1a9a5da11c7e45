import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { updateAccount } from '../../src/app/accounts/update-account.js';
import { describeWithServer } from '../support/api-suite.js';
import { createEnvelope } from '../support/envelopes.js';
import type { TestServer } from '../support/test-server.js';
import { launchChromium, onServer } from './chromium.js';

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

/** The sender's own app on another origin: it frames the signing page and records what the frame tells it. */
const startParentSite = async (): Promise<{ origin: string; server: Server }> => {
  const server = createServer((request, response) => {
    const frame = new URL(request.url ?? '/', 'http://parent').searchParams.get('frame') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Sender app</title>
<script>window.events = []; addEventListener('message', (event) => window.events.push(event.data));</script>
<iframe id="signing" src="${frame.replace(/"/g, '&quot;')}" width="1000" height="800"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
};

describeWithServer(
  'embedded signing (?embed=1 in a sender iFrame)',
  (service) => {
    let browser: Browser;
    let parent: { origin: string; server: Server };
    let account: Awaited<ReturnType<TestServer['newAccount']>>;

    before(async () => {
      account = await service.newAccount();
      parent = await startParentSite();
      browser = await launchChromium();
    });
    after(async () => {
      await browser?.close();
      parent?.server.close();
    });

    const embeddedLink = async () => {
      const { envelope_id } = await createEnvelope(service, account.accessToken, { signers });
      const response = await service.call('GET', `/api/v2.0/envelopes/${envelope_id}/generate_embedded_url/ada@example.test`, {
        token: account.accessToken,
      });
      assert.equal(response.status, 200);
      return { envelopeId: envelope_id, url: onServer(service.url, response.body.data.url) };
    };

    const openInParent = async (frameUrl: string): Promise<{ page: Page; console: string[] }> => {
      const page = await browser.newPage();
      const console: string[] = [];
      page.on('console', (message) => console.push(message.text()));
      await page.goto(`${parent.origin}/?frame=${encodeURIComponent(frameUrl)}`);
      return { page, console };
    };

    const eventsOf = (page: Page) => page.evaluate(() => (window as unknown as { events: EmbedEvent[] }).events);

    it("loads in the sender's frame and posts countersign.loaded when the account lists the sender's origin", async () => {
      await updateAccount(service.service.ctx, account.account_id, { frameAncestors: [parent.origin] });
      const { envelopeId, url } = await embeddedLink();
      const { page } = await openInParent(url);
      try {
        await page.waitForFunction(
          () => (window as unknown as { events: EmbedEvent[] }).events.some((e) => e.type === 'countersign.loaded'),
          undefined,
          { timeout: 15_000 },
        );
        assert.deepEqual(
          (await eventsOf(page)).find((e) => e.type === 'countersign.loaded'),
          { type: 'countersign.loaded', envelope_id: envelopeId },
        );
        const frame = page.frameLocator('#signing');
        await frame.locator('[data-testid=envelope-name]').waitFor({ timeout: 15_000 });
        assert.equal(await frame.locator('[data-testid=envelope-name]').textContent(), 'Sales agreement');
      } finally {
        await page.close();
      }
    });

    it("is refused by the browser (CSP frame-ancestors) when the account does not list the sender's origin", async () => {
      await updateAccount(service.service.ctx, account.account_id, { frameAncestors: ['https://someone-else.example'] });
      const { url } = await embeddedLink();
      const { page, console } = await openInParent(url);
      try {
        await page.waitForTimeout(3_000);
        assert.deepEqual(await eventsOf(page), [], 'the refused frame never ran the signing page');
        assert.ok(
          console.some((line) => /frame-ancestors/.test(line)),
          `the browser reports the frame-ancestors violation: ${console.join(' | ')}`,
        );
      } finally {
        await page.close();
      }
    });
  },
  { database: 'sqlite' },
);
