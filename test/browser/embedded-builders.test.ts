import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser, Frame, Page } from 'playwright-core';
import { updateAccount } from '../../src/app/accounts/update-account.js';
import { describeWithServer } from '../support/api-suite.js';
import { envelopeRequest, pdfBase64 } from '../support/envelopes.js';
import { PAGE_SIZES } from '../support/pdf-fixtures.js';
import type { TestServer } from '../support/test-server.js';
import { assertAccessible, screenshot } from './accessibility.js';
import { launchChromium, onServer } from './chromium.js';
import { assertFramingRefused, foreignSite, postedEvents, waitForPostedEvent } from './foreign-site.js';
import { dragTo, waitForRenderedCanvas } from './gestures.js';

interface BuilderEvent {
  type: string;
  kind?: string;
  template_id?: string;
  envelope_id?: string;
  error_code?: string;
}

const TOLERANCE_POINTS = 2;

// The builder also posts its height (countersign.resize) whenever it changes: these are the other events.
const eventsOf = async (page: Page) => (await postedEvents<BuilderEvent>(page)).filter((event) => event.type !== 'countersign.resize');

const builderFrame = async (page: Page): Promise<Frame> => {
  const handle = await page.locator('#countersign').elementHandle();
  const frame = await handle?.contentFrame();
  assert.ok(frame, 'the builder frame is there');
  return frame;
};

/** A real mouse drag from a palette item to a point of page 1, given in PDF points. */
const dragOntoPageOne = async (page: Page, frame: Frame | Page, type: string, at: { x: number; y: number }) => {
  const pageOne = frame.locator('[data-testid=editor-page-1-1]');
  await pageOne.scrollIntoViewIfNeeded();
  const box = await pageOne.boundingBox();
  assert.ok(box);
  const scale = box.width / PAGE_SIZES.letter.width;
  await dragTo(page, frame.locator(`[data-testid=palette-${type}]`), { x: box.x + at.x * scale, y: box.y + at.y * scale });
};

describeWithServer(
  'embedded builders in an integrator page',
  (service) => {
    let browser: Browser;
    const parent = foreignSite(() => browser);
    let account: Awaited<ReturnType<TestServer['newAccount']>>;
    let documentBase64: string;

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      account = await service.newAccount();
      browser = await launchChromium();
      documentBase64 = await pdfBase64(2, 'Master services agreement');
    });
    after(() => browser?.close());

    const newTemplate = async () => {
      const created = await service.call('POST', '/api/v2.0/templates/create', {
        token: account.accessToken,
        body: {
          template: { name: 'Master services agreement' },
          documents: [{ name: 'msa.pdf', content_base64: documentBase64 }],
          roles: { signers: [{ signer_title: 'Client', signing_order: 1 }] },
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      return created.body.data.template_id as string;
    };

    const editUrl = async (templateId: string) => {
      const response = await service.call('POST', `/api/v2.0/templates/${templateId}/generate_edit_url`, { token: account.accessToken });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return onServer(service.url, response.body.data.url);
    };

    const senderUrl = async () => {
      const body = await envelopeRequest();
      const response = await service.call('POST', '/api/v2.0/envelopes/generate_sender_url', {
        token: account.accessToken,
        body: {
          ...body,
          documents: [{ name: 'msa.pdf', content_base64: documentBase64 }],
          recipients: { signers: body.recipients.signers.map(({ fields: _fields, ...signer }) => signer), observers: [] },
        },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return onServer(service.url, response.body.data.url);
    };

    it('edits a template inside a foreign-origin page that the account allows; the parent receives countersign.template.saved; a reload keeps the session', async () => {
      await updateAccount(service.service.ctx, account.account_id, { frameAncestors: [parent.origin] });
      const templateId = await newTemplate();
      const { page } = await parent.open(await editUrl(templateId));
      try {
        await waitForPostedEvent(page, 'countersign.loaded');
        assert.deepEqual((await eventsOf(page))[0], { type: 'countersign.loaded', kind: 'template' });
        const frame = await builderFrame(page);
        await waitForRenderedCanvas(frame, 'canvas.editor-canvas');
        await dragOntoPageOne(page, frame, 'signature', { x: 300, y: 350 });
        await frame.getByRole('button', { name: 'Signature for Client, page 1' }).waitFor();
        await assertAccessible(frame, 'embedded template editor');
        await screenshot(page, 'embedded-template-1280');
        await frame.locator('[data-testid=save-template]').click();
        await waitForPostedEvent(page, 'countersign.template.saved');
        assert.deepEqual(
          (await eventsOf(page)).find((event) => event.type === 'countersign.template.saved'),
          { type: 'countersign.template.saved', template_id: templateId },
        );

        await page.reload();
        await waitForPostedEvent(page, 'countersign.loaded');
        const reloaded = await builderFrame(page);
        await reloaded.getByRole('button', { name: 'Signature for Client, page 1' }).waitFor({ timeout: 15_000 });
      } finally {
        await page.close();
      }
      const saved = await service.call('GET', `/api/v2.0/templates/${templateId}`, { token: account.accessToken });
      const [field] = saved.body.data.roles.signers[0].fields;
      assert.equal(field.type, 'signature');
      assert.ok(
        Math.abs(field.x - (300 - 80)) <= TOLERANCE_POINTS && Math.abs(field.y - (350 - 20)) <= TOLERANCE_POINTS,
        JSON.stringify(field),
      );
    });

    it('sends from the prefilled composer inside the allowed page; the parent receives countersign.envelope.sent', async () => {
      await updateAccount(service.service.ctx, account.account_id, { frameAncestors: [parent.origin] });
      const { page } = await parent.open(await senderUrl());
      try {
        await waitForPostedEvent(page, 'countersign.loaded');
        assert.deepEqual((await eventsOf(page))[0], { type: 'countersign.loaded', kind: 'compose' });
        const frame = await builderFrame(page);
        await waitForRenderedCanvas(frame, 'canvas.editor-canvas');
        await dragOntoPageOne(page, frame, 'signature', { x: 200, y: 600 });
        await frame.getByRole('button', { name: 'Signature for Ada Lovelace, page 1' }).waitFor();
        await page.waitForTimeout(100);
        await frame.locator('[data-testid=palette-signer]').selectOption({ label: 'Grace Hopper' });
        // On a machine busy with other suites the pointer-down right after a drop can be swallowed by dnd-kit's
        // drop guard, so the gesture is made again if no field came of it; a field must come of the second.
        const graceField = frame.getByRole('button', { name: 'Signature for Grace Hopper, page 1' });
        await dragOntoPageOne(page, frame, 'signature', { x: 200, y: 700 });
        if (
          !(await graceField.waitFor({ timeout: 10_000 }).then(
            () => true,
            () => false,
          ))
        )
          await dragOntoPageOne(page, frame, 'signature', { x: 200, y: 700 });
        await graceField.waitFor();
        await assertAccessible(frame, 'embedded composer');
        await screenshot(page, 'embedded-compose-1280');
        await frame.locator('[data-testid=send-envelope]').click();
        await waitForPostedEvent(page, 'countersign.envelope.sent');
        const sent = (await eventsOf(page)).find((event) => event.type === 'countersign.envelope.sent');
        assert.match(sent?.envelope_id ?? '', /^env_/);
        await frame.locator('[data-testid=builder-sent]').waitFor();
        const details = await service.call('GET', `/api/v2.0/envelopes/${sent!.envelope_id}/details`, { token: account.accessToken });
        assert.equal(details.status, 200);
        assert.equal(details.body.data.status, 'Sent');
      } finally {
        await page.close();
      }
    });

    it('is refused by the browser (CSP frame-ancestors) in a page the account does not list', async () => {
      await updateAccount(service.service.ctx, account.account_id, { frameAncestors: ['https://someone-else.example'] });
      await assertFramingRefused(parent, await editUrl(await newTemplate()));
    });

    it('fits a phone: the builder page passes axe-core at 375 px', async () => {
      const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
      try {
        await page.goto(await senderUrl());
        await waitForRenderedCanvas(page, 'canvas.editor-canvas');
        await page.locator('[data-testid=palette-signature]').click();
        await page.getByRole('button', { name: 'Signature for Ada Lovelace, page 1' }).waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `nothing scrolls sideways (${overflow} px)`);
        await assertAccessible(page, 'builder 375');
        await screenshot(page, 'embedded-compose-375');
        await page.goto(await editUrl(await newTemplate()));
        await waitForRenderedCanvas(page, 'canvas.editor-canvas');
        await assertAccessible(page, 'template builder 375');
        await screenshot(page, 'embedded-template-375');
      } finally {
        await page.close();
      }
    });
  },
  { database: 'sqlite' },
);
