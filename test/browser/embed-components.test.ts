import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import type { Browser, Frame, Page } from 'playwright-core';
import { updateAccount } from '../../src/app/accounts/update-account.js';
import { describeWithServer } from '../support/api-suite.js';
import { createEnvelope, envelopeRequest, pdfBase64 } from '../support/envelopes.js';
import type { TestServer } from '../support/test-server.js';
import { assertAccessible } from './accessibility.js';
import { launchChromium, NARROW, onServer, recordErrors, WIDE } from './chromium.js';
import { embedSites, type ReceivedEvent } from './embed-site.js';
import { signWithDrawnSignature } from './gestures.js';

// Screenshots for a person to look at, outside the repository.
const SCREENSHOTS = join(tmpdir(), 'countersign-embed-screenshots');

const received = (page: Page): Promise<ReceivedEvent[]> =>
  page.evaluate(() => (window as unknown as { received: ReceivedEvent[] }).received);

const waitForReceived = (page: Page, type: string) =>
  page.waitForFunction((wanted) => (window as unknown as { received: ReceivedEvent[] }).received.some((e) => e.type === wanted), type, {
    timeout: 15_000,
  });

/** Waits until the page's window has received `count` raw messages from `origin`, re-dispatched or not. */
const waitForMessagesFrom = (page: Page, origin: string, count: number) =>
  page.waitForFunction(
    ([from, wanted]) =>
      (window as unknown as { messages: { origin: string }[] }).messages.filter((message) => message.origin === from).length >= wanted,
    [origin, count] as const,
    { timeout: 15_000 },
  );

/** Puts a frame of `src` into the page, beside the element: a window whose messages reach the page as the element's frame's do. */
const addFrame = (page: Page, src: string) =>
  page.evaluate((source) => {
    const frame = document.createElement('iframe');
    frame.title = 'Another page';
    frame.src = source;
    document.body.append(frame);
  }, src);

const frameOf = async (page: Page, tag: string): Promise<Frame> => {
  const frame = await (await page.locator(`${tag} iframe`).elementHandle())?.contentFrame();
  assert.ok(frame, `${tag} holds a frame`);
  return frame;
};

/** The element's frame as the integrator's page lays it out. */
const frameBox = (page: Page, tag: string) =>
  page.locator(tag).evaluate((element) => {
    const frame = element.shadowRoot!.querySelector('iframe')!;
    const style = getComputedStyle(frame);
    return {
      height: frame.getBoundingClientRect().height,
      width: frame.getBoundingClientRect().width,
      hostWidth: element.clientWidth,
      border: style.borderTopWidth,
      title: frame.title,
      src: frame.src,
    };
  });

/**
 * Waits until the element's frame is exactly as tall as the framed page's content, with no scroll
 * bar of its own, and returns that height. The page measures itself (`countersign.resize`); the
 * frame's own document is read here through the browser's protocol, which no origin limits.
 */
const sizedToContent = async (page: Page, tag: string): Promise<number> => {
  const frame = await frameOf(page, tag);
  let seen: unknown;
  for (let waited = 0; waited < 15_000; waited += 100) {
    const outer = (await frameBox(page, tag)).height;
    const inner = await frame.evaluate(() => ({
      content: Math.ceil(document.documentElement.getBoundingClientRect().height),
      scrolls: document.documentElement.scrollHeight > window.innerHeight,
    }));
    seen = { frameHeight: outer, ...inner };
    if (outer === inner.content && !inner.scrolls) return outer;
    await page.waitForTimeout(100);
  }
  assert.fail(`the frame never took its content's height: ${JSON.stringify(seen)}`);
};

const signer = {
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40, placeholder: 'ada_signature' }],
};

describeWithServer(
  'the embed components (@countersign/embed) in an integrator page of another origin',
  (service) => {
    let browser: Browser;
    const { site, other } = embedSites();
    let account: Awaited<ReturnType<TestServer['newAccount']>>;

    before(async () => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      account = await service.newAccount();
      // The integrator's origin only: the other site may not frame the service.
      await updateAccount(service.service.ctx, account.account_id, { frameAncestors: [site.origin] });
      browser = await launchChromium();
    });
    after(() => browser?.close());

    const embeddedSigningUrl = async () => {
      const { envelope_id } = await createEnvelope(service, account.accessToken, {
        signers: [signer],
        document: { name: 'agreement.pdf', pages: 1, text: 'Sales agreement' },
      });
      const response = await service.call('GET', `/api/v2.0/envelopes/${envelope_id}/generate_embedded_url/ada@example.test`, {
        token: account.accessToken,
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return { envelopeId: envelope_id, url: onServer(service.url, response.body.data.url) };
    };

    const openPage = async (url: string) => {
      const page = await browser.newPage({ viewport: WIDE });
      const errors = recordErrors(page);
      await page.goto(url);
      return { page, errors };
    };

    it('a signer signs through <countersign-signing>: the page receives countersign.loaded and countersign.signed as CustomEvents with the messages as detail, and the element keeps the signing page’s height', async () => {
      const { envelopeId, url } = await embeddedSigningUrl();
      const { page, errors } = await openPage(site.pageUrl({ tag: 'countersign-signing', url }));
      try {
        await waitForReceived(page, 'countersign.loaded');
        assert.deepEqual(await received(page), [
          {
            type: 'countersign.loaded',
            detail: { type: 'countersign.loaded', envelope_id: envelopeId },
            custom: true,
            target: 'countersign-signing',
          },
        ]);
        const frame = await frameOf(page, 'countersign-signing');
        await frame.locator('[data-testid=envelope-name]').waitFor({ timeout: 15_000 });

        const wide = await sizedToContent(page, 'countersign-signing');
        const box = await frameBox(page, 'countersign-signing');
        assert.deepEqual(
          { width: box.width, border: box.border, title: box.title },
          { width: box.hostWidth, border: '0px', title: 'Countersign signing' },
          'the frame fills the element, without a border, with an accessible name (under the page’s strict CSP)',
        );
        await assertAccessible(frame, 'signing page in <countersign-signing>');
        await assertAccessible(page, 'integrator page with <countersign-signing> at 1280');
        await page.screenshot({ path: join(SCREENSHOTS, 'embed-signing-1280.png'), fullPage: true });

        await page.setViewportSize(NARROW);
        const narrow = await sizedToContent(page, 'countersign-signing');
        assert.notEqual(narrow, wide, 'the height follows the content as it reflows');
        await assertAccessible(page, 'integrator page with <countersign-signing> at 375');
        await page.screenshot({ path: join(SCREENSHOTS, 'embed-signing-375.png'), fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `nothing wider than 375 px (${overflow} px too wide)`);
        await page.setViewportSize(WIDE);

        await signWithDrawnSignature(page, frame);
        await waitForReceived(page, 'countersign.signed');
        assert.deepEqual(
          (await received(page)).find((event) => event.type === 'countersign.signed'),
          {
            type: 'countersign.signed',
            detail: { type: 'countersign.signed', envelope_id: envelopeId },
            custom: true,
            target: 'countersign-signing',
          },
        );
        await sizedToContent(page, 'countersign-signing');
        assert.deepEqual(errors, [], 'no script or CSP error in the integrator’s page');
      } finally {
        await page.close();
      }
      const details = await service.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token: account.accessToken });
      assert.equal(details.body.data.recipients.signers[0].status, 'Signed', 'the service recorded the signature');
    });

    it('re-dispatches countersign.error: a spent URL opens no session, envelope_id null', async () => {
      const { url } = await embeddedSigningUrl();
      const spent = await fetch(`${service.url}/api/v2.0/signing/${new URL(url).pathname.split('/').pop()}`);
      assert.equal(spent.status, 200, 'the first use spends the URL');
      const { page } = await openPage(site.pageUrl({ tag: 'countersign-signing', url }));
      try {
        await waitForReceived(page, 'countersign.error');
        assert.deepEqual(await received(page), [
          {
            type: 'countersign.error',
            detail: { type: 'countersign.error', envelope_id: null },
            custom: true,
            target: 'countersign-signing',
          },
        ]);
        await sizedToContent(page, 'countersign-signing');
      } finally {
        await page.close();
      }
    });

    it('ignores what other windows post: a frame of another origin and the page itself posting countersign.signed or a height change nothing', async () => {
      const forged = [
        { type: 'countersign.signed', envelope_id: 'env_forged' },
        { type: 'countersign.resize', height: 7 },
      ];
      const { url } = await embeddedSigningUrl();
      const { page } = await openPage(site.pageUrl({ tag: 'countersign-signing', url }));
      try {
        await waitForReceived(page, 'countersign.loaded');
        await addFrame(page, other.posterUrl(forged));
        await waitForMessagesFrom(page, other.origin, forged.length);
        await page.evaluate((messages) => messages.forEach((message) => window.postMessage(message, '*')), forged);
        await waitForMessagesFrom(page, site.origin, forged.length);
        const height = await sizedToContent(page, 'countersign-signing');
        assert.notEqual(height, 7);
        assert.deepEqual(
          (await received(page)).map((event) => event.type),
          ['countersign.loaded'],
        );
      } finally {
        await page.close();
      }
    });

    it('takes messages from its own frame only: a second frame of the URL’s origin is ignored', async () => {
      const own = [
        { type: 'countersign.loaded', envelope_id: 'env_own' },
        { type: 'countersign.resize', height: 321 },
      ];
      const sibling = [
        { type: 'countersign.signed', envelope_id: 'env_sibling' },
        { type: 'countersign.resize', height: 55 },
      ];
      const { page } = await openPage(site.pageUrl({ tag: 'countersign-signing', url: other.posterUrl(own), withoutCsp: true }));
      try {
        await waitForReceived(page, 'countersign.loaded');
        await addFrame(page, other.posterUrl(sibling));
        await waitForMessagesFrom(page, other.origin, own.length + sibling.length);
        assert.deepEqual(await received(page), [
          { type: 'countersign.loaded', detail: own[0], custom: true, target: 'countersign-signing' },
        ]);
        assert.equal((await frameBox(page, 'countersign-signing')).height, 321);
      } finally {
        await page.close();
      }
    });

    it('takes messages from the URL’s origin only: its own frame, once navigated to another origin, is ignored', async () => {
      const first = [{ type: 'countersign.loaded', envelope_id: 'env_first' }];
      const then = [
        { type: 'countersign.signed', envelope_id: 'env_then' },
        { type: 'countersign.resize', height: 9 },
      ];
      const { page } = await openPage(
        site.pageUrl({ tag: 'countersign-signing', url: other.posterUrl(first, site.posterUrl(then)), withoutCsp: true }),
      );
      try {
        await waitForMessagesFrom(page, other.origin, first.length);
        await waitForMessagesFrom(page, site.origin, then.length);
        assert.deepEqual(await received(page), [
          { type: 'countersign.loaded', detail: first[0], custom: true, target: 'countersign-signing' },
        ]);
        assert.notEqual((await frameBox(page, 'countersign-signing')).height, 9);
      } finally {
        await page.close();
      }
    });

    it('frames web pages only: a javascript: URL is not loaded', async () => {
      const { page } = await openPage(
        site.pageUrl({ tag: 'countersign-signing', url: "javascript:parent.document.title='taken'", withoutCsp: true }),
      );
      try {
        await page.waitForFunction(() => customElements.get('countersign-signing') !== undefined);
        await page.waitForTimeout(500);
        assert.equal(await page.title(), 'Integrator app', 'the URL ran no script in the page');
        assert.equal((await frameBox(page, 'countersign-signing')).src, 'about:blank');
      } finally {
        await page.close();
      }
    });

    it('<countersign-template-editor> and <countersign-sender> frame the builders: countersign.loaded, countersign.template.saved and countersign.envelope.sent as DOM events, and the builders’ height', async () => {
      const created = await service.call('POST', '/api/v2.0/templates/create', {
        token: account.accessToken,
        body: {
          template: { name: 'Master services agreement' },
          documents: [{ name: 'msa.pdf', content_base64: await pdfBase64(2, 'Master services agreement') }],
          roles: { signers: [{ signer_title: 'Client', signing_order: 1 }] },
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const templateId = created.body.data.template_id as string;
      const edit = await service.call('POST', `/api/v2.0/templates/${templateId}/generate_edit_url`, { token: account.accessToken });
      assert.equal(edit.status, 201, JSON.stringify(edit.body));

      const editor = await openPage(
        site.pageUrl({
          tag: 'countersign-template-editor',
          url: onServer(service.url, edit.body.data.url),
          frameTitle: 'Place the fields',
        }),
      );
      try {
        await waitForReceived(editor.page, 'countersign.loaded');
        assert.deepEqual(await received(editor.page), [
          {
            type: 'countersign.loaded',
            detail: { type: 'countersign.loaded', kind: 'template' },
            custom: true,
            target: 'countersign-template-editor',
          },
        ]);
        assert.equal((await frameBox(editor.page, 'countersign-template-editor')).title, 'Place the fields');
        const frame = await frameOf(editor.page, 'countersign-template-editor');
        await frame.locator('[data-testid=save-template]').waitFor({ timeout: 15_000 });
        await sizedToContent(editor.page, 'countersign-template-editor');
        await frame.locator('[data-testid=save-template]').click();
        await waitForReceived(editor.page, 'countersign.template.saved');
        assert.deepEqual((await received(editor.page)).find((event) => event.type === 'countersign.template.saved')?.detail, {
          type: 'countersign.template.saved',
          template_id: templateId,
        });
      } finally {
        await editor.page.close();
      }

      const composer = await service.call('POST', '/api/v2.0/envelopes/generate_sender_url', {
        token: account.accessToken,
        body: await envelopeRequest({ signers: [{ name: 'Ada Lovelace', email: 'ada@example.test' }] }),
      });
      assert.equal(composer.status, 201, JSON.stringify(composer.body));
      const sender = await openPage(site.pageUrl({ tag: 'countersign-sender', url: onServer(service.url, composer.body.data.url) }));
      try {
        await waitForReceived(sender.page, 'countersign.loaded');
        assert.deepEqual(await received(sender.page), [
          {
            type: 'countersign.loaded',
            detail: { type: 'countersign.loaded', kind: 'compose' },
            custom: true,
            target: 'countersign-sender',
          },
        ]);
        assert.equal((await frameBox(sender.page, 'countersign-sender')).title, 'Countersign sender');
        const frame = await frameOf(sender.page, 'countersign-sender');
        await frame.locator('[data-testid=send-envelope]').waitFor({ timeout: 15_000 });
        await sizedToContent(sender.page, 'countersign-sender');
        await assertAccessible(sender.page, 'integrator page with <countersign-sender>');
        await sender.page.screenshot({ path: join(SCREENSHOTS, 'embed-sender-1280.png'), fullPage: true });
        // The frame shows the whole composer, so to the composer every page is in view: the field lands on one of them.
        await frame.locator('[data-testid=palette-signature]').click();
        await frame.getByRole('button', { name: /^Signature for Ada Lovelace, page \d$/ }).waitFor();
        await frame.locator('[data-testid=send-envelope]').click();
        await waitForReceived(sender.page, 'countersign.envelope.sent');
        const sent = (await received(sender.page)).find((event) => event.type === 'countersign.envelope.sent');
        assert.match(String(sent?.detail.envelope_id), /^env_/);
        assert.equal(sent?.target, 'countersign-sender');
      } finally {
        await sender.page.close();
      }
    });

    it('the React wrapper: <CountersignSigning> renders the element with its frame title and calls onLoaded and onSigned with the DOM events', async () => {
      const { envelopeId, url } = await embeddedSigningUrl();
      const { page, errors } = await openPage(site.reactPageUrl(url));
      try {
        await waitForReceived(page, 'countersign.loaded');
        assert.deepEqual(await received(page), [
          {
            type: 'countersign.loaded',
            detail: { type: 'countersign.loaded', envelope_id: envelopeId },
            custom: true,
            target: 'countersign-signing',
          },
        ]);
        assert.equal(await page.locator('countersign-signing').getAttribute('class'), 'signing');
        assert.equal((await frameBox(page, 'countersign-signing')).title, 'Sign the agreement');
        await sizedToContent(page, 'countersign-signing');
        await signWithDrawnSignature(page, await frameOf(page, 'countersign-signing'));
        await waitForReceived(page, 'countersign.signed');
        assert.deepEqual(
          (await received(page)).map((event) => event.detail),
          [
            { type: 'countersign.loaded', envelope_id: envelopeId },
            { type: 'countersign.signed', envelope_id: envelopeId },
          ],
        );
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });
  },
  { database: 'sqlite' },
);
