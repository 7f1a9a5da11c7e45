import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { pdfBase64 } from '../support/envelopes.js';
import { PAGE_SIZES } from '../support/pdf-fixtures.js';
import { checkBothWidths } from './accessibility.js';
import { signInThroughInvitation } from './console-invitation.js';
import { launchChromium, recordErrors, WIDE } from './chromium.js';
import { dragTo, waitForRenderedCanvas } from './gestures.js';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlap = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x - 1 &&
  inner.y >= outer.y - 1 &&
  inner.x + inner.width <= outer.x + outer.width + 1 &&
  inner.y + inner.height <= outer.y + outer.height + 1;

const boxOf = async (locator: Locator): Promise<Rect> => {
  const box = await locator.boundingBox();
  assert.ok(box, 'the element is shown');
  return box;
};

/** The composer with a three-page PDF and two signers, Ada and Grace; `scale` is CSS pixels per point of page 1. */
const openComposer = async (context: BrowserContext, serverUrl: string, pdf: Buffer) => {
  const page = await context.newPage();
  const errors = recordErrors(page);
  await page.goto(`${serverUrl}/compose`);
  await page.locator('[data-testid=file-input]').setInputFiles({ name: 'services.pdf', mimeType: 'application/pdf', buffer: pdf });
  await waitForRenderedCanvas(page, 'canvas.editor-canvas');
  await page.getByRole('button', { name: 'Add signer' }).click();
  const people = [
    ['Ada Lovelace', 'ada@example.test'],
    ['Grace Hopper', 'grace@example.test'],
  ] as const;
  for (const [index, [name, email]] of people.entries()) {
    await page.getByLabel('Name', { exact: true }).nth(index).fill(name);
    await page.getByLabel('E-mail', { exact: true }).nth(index).fill(email);
  }
  return { page, errors };
};

/** Scrolls the window so that page 2 of the document fills the screen from 100 px below its top. */
const lookAtPageTwo = async (page: Page) => {
  await page.locator('[data-testid=editor-page-1-2]').evaluate((element) => {
    window.scrollBy(0, element.getBoundingClientRect().top - 100);
  });
};

const viewportOf = (page: Page): Rect => {
  const size = page.viewportSize();
  assert.ok(size);
  return { x: 0, y: 0, ...size };
};

describeWithServer(
  'the composer places fields where the person is looking, in the recipient’s colour',
  (server, sink) => {
    let browser: Browser;
    let context: BrowserContext;
    let pdf: Buffer;

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      const account = await server.newAccount();
      pdf = Buffer.from(await pdfBase64(3, 'Master services agreement between Acme and Analytical Engines'), 'base64');
      browser = await launchChromium();
      context = await browser.newContext({ viewport: WIDE });
      await signInThroughInvitation(context, server, sink, {
        accountId: account.account_id,
        email: 'placer@people.test',
        name: 'Pat Placer',
        role: 'sender',
      });
    });
    after(() => browser?.close());

    it('adds a field from the palette to the page in view, in view, focused, and never over another field', async () => {
      const { page, errors } = await openComposer(context, server.url, pdf);
      try {
        await lookAtPageTwo(page);
        const pageTwo = page.locator('[data-testid=editor-page-1-2]');
        await page.locator('[data-testid=palette-signature]').click();
        const first = pageTwo.getByRole('button', { name: 'Signature for Ada Lovelace, page 2' });
        await first.waitFor();
        assert.equal(await page.locator('[data-testid=editor-page-1-1] [data-testid=placed-field]').count(), 0, 'nothing on page 1');
        assert.ok(await first.evaluate((element) => element === document.activeElement), 'the new field has the focus');
        const firstBox = await boxOf(first);
        assert.ok(inside(firstBox, viewportOf(page)), `the new field is in view: ${JSON.stringify(firstBox)}`);
        assert.ok(inside(firstBox, await boxOf(pageTwo)), 'the new field is on page 2');

        // The same action again: the centre is taken, so the next field goes beside it, still in view.
        await page.locator('[data-testid=palette-signature]').click();
        await pageTwo.locator('[data-testid=placed-field]').nth(1).waitFor();
        const boxes = await Promise.all([0, 1].map((index) => boxOf(pageTwo.locator('[data-testid=placed-field]').nth(index))));
        assert.equal(overlap(boxes[0]!, boxes[1]!), false, `the second field is not over the first: ${JSON.stringify(boxes)}`);
        assert.ok(inside(boxes[1]!, viewportOf(page)), 'the second field is in view too');

        // Dropped by pointer onto the first field: it lands beside it, near the pointer, on the same page.
        const pageBox = await boxOf(pageTwo);
        const centreOfFirst = { x: firstBox.x + firstBox.width / 2, y: firstBox.y + firstBox.height / 2 };
        await dragTo(page, page.locator('[data-testid=palette-date_signed]'), centreOfFirst);
        const dropped = pageTwo.getByRole('button', { name: 'Date signed for Ada Lovelace, page 2' });
        await dropped.waitFor();
        const droppedBox = await boxOf(dropped);
        const others = await Promise.all([0, 1].map((index) => boxOf(pageTwo.locator('[data-testid=placed-field]').nth(index))));
        for (const other of others) assert.equal(overlap(droppedBox, other), false, 'the dropped field is not over another');
        assert.ok(inside(droppedBox, pageBox), 'the dropped field is on page 2');
        const scale = pageBox.width / PAGE_SIZES.letter.width;
        const distance = Math.hypot(
          droppedBox.x + droppedBox.width / 2 - centreOfFirst.x,
          droppedBox.y + droppedBox.height / 2 - centreOfFirst.y,
        );
        assert.ok(distance < 80 * scale, `the dropped field stays near the pointer (${distance} px)`);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });

    it('writes the recipient’s name on each field in the colour of their swatch in the recipient list', async () => {
      const { page, errors } = await openComposer(context, server.url, pdf);
      try {
        await page.locator('[data-testid=palette-signature]').click();
        await page.locator('[data-testid=palette-signer]').selectOption({ label: 'Grace Hopper' });
        await page.locator('[data-testid=palette-signature]').click();
        await page.getByRole('button', { name: 'Signature for Grace Hopper, page 1' }).waitFor();

        const swatches = await page
          .locator('[data-testid=signer-row] .signer-swatch')
          .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).backgroundColor));
        assert.equal(swatches.length, 2, 'each signer in the list shows a swatch');
        assert.notEqual(swatches[0], swatches[1], 'two signers, two colours');

        for (const [index, name] of ['Ada Lovelace', 'Grace Hopper'].entries()) {
          const field = page
            .locator('[data-testid=placed-field]')
            .filter({ has: page.getByRole('button', { name: `Signature for ${name}, page 1` }) });
          const colours = await field.evaluate((element) => {
            const chip = getComputedStyle(element.querySelector('.placed-field-body')!, '::before');
            return { border: getComputedStyle(element).borderTopColor, chip: chip.backgroundColor, written: chip.content };
          });
          assert.equal(colours.written, JSON.stringify(name), 'the field carries the recipient’s name');
          assert.equal(colours.chip, swatches[index], `${name}'s field wears the colour of ${name}'s swatch`);
          assert.equal(colours.border, swatches[index], `${name}'s field is outlined in that colour`);
        }
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });

    it('offers the three signing orders as one radio group of alike cards, each explained, chosen by arrow keys', async () => {
      const { page, errors } = await openComposer(context, server.url, pdf);
      try {
        const group = page.getByRole('radiogroup', { name: 'Signing order' });
        const radios = group.getByRole('radio');
        assert.equal(await radios.count(), 3);
        const descriptions = await radios.evaluateAll((inputs) =>
          inputs.map((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? ''),
        );
        assert.deepEqual(descriptions, [
          'Everyone is invited at once and signs in any order.',
          'One signer at a time, in the order given.',
          'Groups in ascending order; signers with the same order sign at the same time.',
        ]);
        const cards = await Promise.all(
          ['Parallel', 'Sequential', 'Hybrid'].map((flow) => boxOf(page.locator(`[data-testid=flow-${flow}]`))),
        );
        for (const card of cards.slice(1)) {
          assert.equal(Math.round(card.width), Math.round(cards[0]!.width), 'the cards have one width');
          assert.equal(Math.round(card.height), Math.round(cards[0]!.height), 'the cards have one height');
          assert.equal(Math.round(card.y), Math.round(cards[0]!.y), 'the cards stand in one row at 1280 px');
        }

        await group.getByRole('radio', { name: 'Parallel' }).focus();
        assert.equal(await page.getByLabel('Order', { exact: true }).count(), 0, 'no order to give in parallel');
        await page.keyboard.press('ArrowRight');
        assert.ok(await group.getByRole('radio', { name: 'Sequential' }).isChecked(), 'the arrow key chose Sequential');
        assert.equal(await page.getByLabel('Order', { exact: true }).count(), 2, 'each signer now has an order');
        await page.keyboard.press('ArrowRight');
        assert.ok(await group.getByRole('radio', { name: 'Hybrid' }).isChecked());
        // The whole card chooses, not only its title.
        const parallel = cards[0]!;
        await page.mouse.click(parallel.x + parallel.width - 10, parallel.y + parallel.height - 8);
        assert.ok(await group.getByRole('radio', { name: 'Parallel' }).isChecked(), 'a click anywhere on the card chose Parallel');
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });

    it('passes axe-core at 1280 and 375 px with fields of two recipients placed', async () => {
      const { page, errors } = await openComposer(context, server.url, pdf);
      try {
        await page.getByRole('radio', { name: 'Sequential' }).check();
        await page.locator('[data-testid=palette-signature]').click();
        await page.locator('[data-testid=palette-date_signed]').click();
        await page.locator('[data-testid=palette-signer]').selectOption({ label: 'Grace Hopper' });
        await page.locator('[data-testid=palette-signature]').click();
        await page.locator('[data-testid=palette-text]').click();
        assert.equal(await page.locator('[data-testid=placed-field]').count(), 4);
        await checkBothWidths(page, 'composer-placement');
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });

    it('speaks the browser’s language: German words in the composer and on its fields', async () => {
      const german = await browser.newContext({ viewport: WIDE, locale: 'de-DE', storageState: await context.storageState() });
      try {
        const page = await german.newPage();
        const errors = recordErrors(page);
        await page.goto(`${server.url}/compose`);
        await page.getByRole('heading', { name: 'Dokumente zur Unterschrift senden' }).waitFor();
        await page.locator('[data-testid=file-input]').setInputFiles({ name: 'services.pdf', mimeType: 'application/pdf', buffer: pdf });
        await waitForRenderedCanvas(page, 'canvas.editor-canvas');
        await page.getByRole('radiogroup', { name: 'Reihenfolge der Unterschriften' }).waitFor();
        await page.getByLabel('Name', { exact: true }).first().fill('Ada Lovelace');
        await page.locator('[data-testid=palette-signature]').click();
        await page.getByRole('button', { name: 'Unterschrift für Ada Lovelace, Seite 1' }).waitFor();
        assert.deepEqual(errors, []);
      } finally {
        await german.close();
      }
    });
  },
  { database: 'sqlite', smtpSink: true },
);
