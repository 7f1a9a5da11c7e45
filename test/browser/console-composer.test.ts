import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { pdfBase64 } from '../support/envelopes.js';
import { PAGE_SIZES } from '../support/pdf-fixtures.js';
import { linksIn } from '../support/smtp-sink.js';
import { assertAccessible, screenshot } from './accessibility.js';
import { signInThroughInvitation } from './console-invitation.js';
import { launchChromium, WIDE } from './chromium.js';
import { dragTo, waitForRenderedCanvas } from './gestures.js';

const PHONE = { width: 375, height: 812 };
/** Screen pixels round to fractions of a point at the editor's zoom; a drop is exact to about a pixel. */
const TOLERANCE_POINTS = 2;

interface SigningField {
  type: string;
  placeholder: string | null;
  default_value: string | null;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

describeWithServer(
  'the console composer and templates, in the browser',
  (server, sink) => {
    let browser: Browser;
    let context: BrowserContext;
    let accountId: string;
    let accessToken: string;
    let pdf: Buffer;

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      const account = await server.newAccount();
      accountId = account.account_id;
      accessToken = account.accessToken;
      pdf = Buffer.from(await pdfBase64(2, 'Consulting agreement between Acme and Analytical Engines'), 'base64');
      browser = await launchChromium();
      context = await browser.newContext({ viewport: WIDE });
      await signInThroughInvitation(context, server, sink, { accountId, email: 'sender@people.test', name: 'Sam Sender', role: 'sender' });
    });
    after(() => browser?.close());

    /** A page of the signed-in console; fails the test on any script error or CSP violation. */
    const openConsole = async (path: string, viewport = WIDE) => {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && !/status of 4\d\d/.test(message.text()) && errors.push(message.text()));
      await page.goto(`${server.url}${path}`);
      return { page, errors };
    };

    const fieldsOfInvitation = async (email: string): Promise<SigningField[]> => {
      await server.service.worker.drain();
      const mail = await sink.waitFor((m) => JSON.stringify(m.to).includes(email), 10_000);
      const link = linksIn(mail).find((url) => /\/sign\//.test(url));
      assert.ok(link, `the invitation to ${email} links to the signing page`);
      const token = new URL(link).pathname.split('/').pop()!;
      const view = await server.call('GET', `/api/v2.0/signing/${token}`, { noAppAuthType: true });
      assert.equal(view.status, 200, JSON.stringify(view.body));
      return view.body.data.fields;
    };

    it('uploads a PDF, places a signature and a date field by dragging, moves one by keyboard, and sends them where they were dropped', async () => {
      const { page, errors } = await openConsole('/compose');
      try {
        await page.getByRole('heading', { name: 'Send documents for signature' }).waitFor();
        await page.locator('[data-testid=file-input]').setInputFiles({ name: 'consulting.pdf', mimeType: 'application/pdf', buffer: pdf });
        await page
          .locator('[data-testid=document-list]')
          .getByRole('button', { name: 'Remove consulting.pdf' })
          .waitFor({ timeout: 15_000 });
        await page.getByLabel('Name', { exact: true }).first().fill('Ada Lovelace');
        await page.getByLabel('E-mail', { exact: true }).first().fill('ada@example.test');
        await waitForRenderedCanvas(page, 'canvas.editor-canvas');

        const pageOne = page.locator('[data-testid=editor-page-1-1]');
        await pageOne.scrollIntoViewIfNeeded();
        const box = await pageOne.boundingBox();
        assert.ok(box);
        const scale = box.width / PAGE_SIZES.letter.width;
        const at = (x: number, y: number) => ({ x: box.x + x * scale, y: box.y + y * scale });

        await dragTo(page, page.locator('[data-testid=palette-signature]'), at(200, 300));
        await dragTo(page, page.locator('[data-testid=palette-date_signed]'), at(400, 360));
        const placed = page.locator('[data-testid=placed-field]');
        assert.equal(await placed.count(), 2);
        const date = page.getByRole('button', { name: 'Date signed for Ada Lovelace, page 1' });
        await date.waitFor();

        await date.focus();
        for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Shift+ArrowDown');
        assert.match((await page.locator('[data-testid=editor-announcement]').textContent()) ?? '', /Moved to x \d+, y \d+ points/);

        await assertAccessible(page, 'composer 1280');
        await screenshot(page, 'composer-1280');

        await page.locator('[data-testid=send-envelope]').click();
        await page.waitForURL(/\/envelopes\/env_/, { timeout: 15_000 });
        assert.deepEqual(errors, [], 'no script errors and no CSP violations');

        const fields = await fieldsOfInvitation('ada@example.test');
        const byType = (type: string) => fields.find((field) => field.type === type);
        const signature = byType('signature');
        const dated = byType('date_signed');
        assert.ok(signature && dated, JSON.stringify(fields));
        // Dropped with its centre under the pointer: signature 160 × 40, date 110 × 24 points.
        const near = (actual: number, expected: number, what: string) =>
          assert.ok(Math.abs(actual - expected) <= TOLERANCE_POINTS, `${what}: ${actual} is not within ${TOLERANCE_POINTS} of ${expected}`);
        assert.equal(signature.page, 1);
        near(signature.x, 200 - 80, 'signature x');
        near(signature.y, 300 - 20, 'signature y');
        assert.deepEqual([signature.width, signature.height], [160, 40]);
        near(dated.x, 400 - 55 + 3, 'date x (3 points right by keyboard)');
        near(dated.y, 360 - 12 + 10, 'date y (10 points down by Shift+ArrowDown)');
      } finally {
        await page.close();
      }
    });

    it('shows the API validation errors with the names of the fields concerned', async () => {
      const { page } = await openConsole('/compose');
      try {
        await page.locator('[data-testid=file-input]').setInputFiles({ name: 'consulting.pdf', mimeType: 'application/pdf', buffer: pdf });
        await page
          .locator('[data-testid=document-list]')
          .getByRole('button', { name: 'Remove consulting.pdf' })
          .waitFor({ timeout: 15_000 });
        await page.getByLabel('Name', { exact: true }).first().fill('Grace Hopper');
        await page.getByLabel('E-mail', { exact: true }).first().fill('not-an-address');
        await page.locator('[data-testid=send-envelope]').click();
        const notice = page.getByRole('alert');
        await notice.waitFor();
        assert.match((await notice.textContent()) ?? '', /Grace Hopper, email/);
      } finally {
        await page.close();
      }
    });

    it('is usable on a phone: the composer passes axe-core at 375 px with the pages scaled to the width', async () => {
      const { page, errors } = await openConsole('/compose', PHONE);
      try {
        await page.locator('[data-testid=file-input]').setInputFiles({ name: 'consulting.pdf', mimeType: 'application/pdf', buffer: pdf });
        await page.getByLabel('Name', { exact: true }).first().fill('Ada Lovelace');
        await page.getByLabel('E-mail', { exact: true }).first().fill('ada@example.test');
        await waitForRenderedCanvas(page, 'canvas.editor-canvas');
        await page.locator('[data-testid=palette-signature]').click();
        await page.getByRole('button', { name: 'Signature for Ada Lovelace, page 1' }).waitFor();
        const pageBox = await page.locator('[data-testid=editor-page-1-1]').boundingBox();
        assert.ok(pageBox && pageBox.x >= 0 && pageBox.x + pageBox.width <= PHONE.width, 'the page fits the screen width');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `nothing scrolls sideways (${overflow} px)`);
        await assertAccessible(page, 'composer 375');
        await screenshot(page, 'composer-375');
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });

    it('creates a template from a PDF, places its fields, saves them, and sends from it with a form_fields default', async () => {
      const list = await openConsole('/templates');
      let templateId: string;
      try {
        await list.page.locator('[data-testid=new-template]').click();
        await list.page.locator('[data-testid=file-input]').setInputFiles({ name: 'nda.pdf', mimeType: 'application/pdf', buffer: pdf });
        await list.page.locator('.document-list').getByText('nda.pdf').waitFor({ timeout: 15_000 });
        await list.page.getByLabel('Title', { exact: true }).first().fill('Client');
        await list.page.locator('[data-testid=create-template]').click();
        await list.page.waitForURL(/\/templates\/tpl_/, { timeout: 15_000 });
        templateId = new URL(list.page.url()).pathname.split('/').pop()!;
        const page = list.page;
        await waitForRenderedCanvas(page, 'canvas.editor-canvas');
        const pageOne = page.locator('[data-testid=editor-page-1-1]');
        await pageOne.scrollIntoViewIfNeeded();
        const box = await pageOne.boundingBox();
        assert.ok(box);
        const scale = box.width / PAGE_SIZES.letter.width;
        await dragTo(page, page.locator('[data-testid=palette-signature]'), { x: box.x + 150 * scale, y: box.y + 500 * scale });
        await page.locator('[data-testid=palette-text]').click();
        await page.locator('[data-testid=field-placeholder]').fill('Company');
        await assertAccessible(page, 'template editor 1280');
        await screenshot(page, 'template-editor-1280');
        await page.locator('[data-testid=save-template]').click();
        await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor({ timeout: 15_000 });
        assert.deepEqual(list.errors, []);
      } finally {
        await list.page.close();
      }

      const saved = await server.call('GET', `/api/v2.0/templates/${templateId}`, { token: accessToken });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      const [client] = saved.body.data.roles.signers;
      assert.equal(client.signer_title, 'Client');
      const types = client.fields.map((field: SigningField) => field.type).sort();
      assert.deepEqual(types, ['signature', 'text']);
      const signature = client.fields.find((field: SigningField) => field.type === 'signature');
      assert.ok(
        Math.abs(signature.x - (150 - 80)) <= TOLERANCE_POINTS && Math.abs(signature.y - (500 - 20)) <= TOLERANCE_POINTS,
        JSON.stringify(signature),
      );

      const { page, errors } = await openConsole(`/templates/${templateId}/send`);
      try {
        const role = page.locator('[data-testid=role-fill]').filter({ hasText: 'Client' });
        await role.getByLabel('Name', { exact: true }).fill('Charles Babbage');
        await role.getByLabel('E-mail', { exact: true }).fill('charles@example.test');
        await role.getByLabel(/Company/).fill('Analytical Engines Ltd');
        await assertAccessible(page, 'template send 1280');
        await screenshot(page, 'template-send-1280');
        await page.locator('[data-testid=send-from-template]').click();
        await page.waitForURL(/\/envelopes\/env_/, { timeout: 15_000 });
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
      const fields = await fieldsOfInvitation('charles@example.test');
      assert.equal(fields.find((field) => field.placeholder === 'Company')?.default_value, 'Analytical Engines Ltd');
    });

    it('lists templates with their actions, and deactivates one; the pages pass axe-core at 1280 and 375 px', async () => {
      for (const [viewport, label] of [
        [WIDE, '1280'],
        [PHONE, '375'],
      ] as const) {
        const { page, errors } = await openConsole('/templates', viewport);
        try {
          await page.locator('[data-testid=template-table]').waitFor({ timeout: 15_000 });
          await assertAccessible(page, `templates ${label}`);
          await screenshot(page, `templates-${label}`);
          if (label === '375') {
            await page
              .getByRole('link', { name: /NDA|nda/ })
              .first()
              .click();
            await waitForRenderedCanvas(page, 'canvas.editor-canvas');
            await assertAccessible(page, 'template editor 375');
            await screenshot(page, 'template-editor-375');
          } else {
            // Deactivate, then activate again: each press turns the button into the other.
            for (const [press, becomes] of [
              [/^Deactivate/, /^Activate/],
              [/^Activate/, /^Deactivate/],
            ] as const) {
              await page.getByRole('button', { name: press }).first().click();
              await page.getByRole('button', { name: becomes }).first().waitFor();
            }
          }
          assert.deepEqual(errors, []);
        } finally {
          await page.close();
        }
      }
    });
  },
  { database: 'sqlite', smtpSink: true },
);
