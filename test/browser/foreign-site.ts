import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';

/** What the framed page posted to its parent (`postMessage`), in order. */
export const postedEvents = <Event>(page: Page): Promise<Event[]> => page.evaluate(() => (window as unknown as { events: Event[] }).events);

export const waitForPostedEvent = (page: Page, type: string) =>
  page.waitForFunction((wanted) => (window as unknown as { events: { type: string }[] }).events.some((e) => e.type === wanted), type, {
    timeout: 15_000,
  });

export interface ForeignSite {
  origin: string;
  /** Opens the site's page framing `frameUrl` (`<iframe id="countersign">`); `console` collects every console line. */
  open(frameUrl: string, viewport?: { width: number; height: number }): Promise<{ page: Page; console: string[] }>;
}

/**
 * An integrator's own app on another origin, for the enclosing suite (started in `before`, closed in
 * `after`): its page frames a Countersign URL and records every message the frame posts.
 */
export const foreignSite = (browser: () => Browser): ForeignSite => {
  const server = createServer((request, response) => {
    const frame = new URL(request.url ?? '/', 'http://parent').searchParams.get('frame') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><title>Integrator app</title>
<script>window.events = []; addEventListener('message', (event) => window.events.push(event.data));</script>
<iframe id="countersign" title="Countersign" src="${frame.replace(/"/g, '&quot;')}" width="1240" height="960"></iframe></html>`);
  });
  const site: ForeignSite = {
    origin: '',
    async open(frameUrl, viewport = { width: 1280, height: 1000 }) {
      const page = await browser().newPage({ viewport });
      const console: string[] = [];
      page.on('console', (message) => console.push(message.text()));
      await page.goto(`${site.origin}/?frame=${encodeURIComponent(frameUrl)}`);
      return { page, console };
    },
  };
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());
  return site;
};

/** The browser refuses to frame `frameUrl` in the site's page (CSP frame-ancestors): the frame never runs and the violation is reported. */
export const assertFramingRefused = async (site: ForeignSite, frameUrl: string) => {
  const { page, console } = await site.open(frameUrl);
  try {
    await page.waitForTimeout(3_000);
    assert.deepEqual(await postedEvents(page), [], 'the refused frame never ran');
    assert.ok(
      console.some((line) => /frame-ancestors/.test(line)),
      `the browser reports the frame-ancestors violation: ${console.join(' | ')}`,
    );
  } finally {
    await page.close();
  }
};
