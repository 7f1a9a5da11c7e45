import assert from 'node:assert/strict';
import type { Frame, Locator, Page } from 'playwright-core';

/** Presses the mouse on `from` and moves it, in steps as a hand does, to a point of `to`, then releases it. */
export const dragTo = async (page: Page, from: Locator, to: { x: number; y: number }) => {
  const box = await from.boundingBox();
  assert.ok(box, 'the drag source is visible');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
  // dnd-kit swallows clicks for a moment after a drop (so the drop is not also a click): a hand is never that fast.
  await page.waitForTimeout(100);
};

/**
 * Waits for pdf.js to draw a page into the first canvas matching `selector`: the text gives it dark pixels.
 * Up to 45 s: on a machine busy with the other suites a 375 px page took over 15 s to show.
 */
export const waitForRenderedCanvas = (target: Page | Frame, selector: string) =>
  target.waitForFunction(
    (canvasSelector) => {
      const canvas = document.querySelector(canvasSelector) as HTMLCanvasElement | null;
      if (!canvas || canvas.width === 0) return false;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) return true;
      return false;
    },
    selector,
    { timeout: 45_000 },
  );

/** A few strokes across the signature pad, the way a finger or mouse signs; `within` the frame that shows the pad, if not the page. */
export const drawSignature = async (page: Page, within: Page | Frame = page) => {
  const pad = within.locator('[data-testid=signature-pad]');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  assert.ok(box, 'the signature pad is visible');
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1)
    await page.mouse.move(box.x + box.width * (0.1 + i * 0.06), box.y + box.height * (0.6 + (i % 2 ? -0.25 : 0.15)), { steps: 3 });
  await page.mouse.up();
};

/** The signer's last steps on the signing page (`within` the frame that shows it, if not the page): draw a signature into the first mark, adopt it, consent, finish. */
export const signWithDrawnSignature = async (page: Page, within: Page | Frame = page) => {
  await within.locator('.field-mark').first().click();
  await drawSignature(page, within);
  await within.locator('[data-testid=adopt-signature]').click();
  await within.locator('[data-testid=consent-checkbox]').check();
  await within.locator('[data-testid=finish-button]').click();
  await within.locator('[data-testid=state-signed]').waitFor({ timeout: 15_000 });
};
