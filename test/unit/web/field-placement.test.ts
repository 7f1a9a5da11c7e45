import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FIELD_GAP, lookedAtPage, nearestFreeSpot, placeNewField, type Box, type ShownPage } from '../../../web/src/editor/placement.js';

const LETTER = { width: 612, height: 792 };
const SIGNATURE = { width: 160, height: 40 };
/** Three letter pages drawn at 1 px per point, stacked 20 px apart from the top of the document. */
const pagesAt = (scrollTop: number, scale = 1): ShownPage[] =>
  [0, 1, 2].map((index) => ({
    id: `1:${index + 1}`,
    ...LETTER,
    rect: { left: 100, top: index * (LETTER.height * scale + 20) - scrollTop, width: LETTER.width * scale, height: LETTER.height * scale },
  }));
const VIEWPORT = { left: 0, top: 0, width: 1280, height: 900 };
const nothing = () => [];

const overlapsAny = (box: Box, others: readonly Box[]) =>
  others.some(
    (other) =>
      box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height,
  );
const insidePage = (box: Box, page = LETTER) =>
  box.x >= 0 && box.y >= 0 && box.x + box.width <= page.width && box.y + box.height <= page.height;

describe('the page the person is looking at', () => {
  it('is the page with the most area in the viewport', () => {
    // Scrolled so page 1 shows its last 200 px and page 2 fills the rest of the screen.
    assert.equal(lookedAtPage(pagesAt(592), VIEWPORT)?.id, '1:2');
    assert.equal(lookedAtPage(pagesAt(0), VIEWPORT)?.id, '1:1');
    assert.equal(lookedAtPage(pagesAt(1624), VIEWPORT)?.id, '1:3');
  });

  it('is the nearest page when none is in view (the palette above the pages on a phone)', () => {
    assert.equal(lookedAtPage(pagesAt(-2000), VIEWPORT)?.id, '1:1');
    assert.equal(lookedAtPage(pagesAt(5000), VIEWPORT)?.id, '1:3');
  });

  it('is none when there are no pages', () => assert.equal(lookedAtPage([], VIEWPORT), null));
});

describe('placing a new field', () => {
  it('centres it in the part of the visible page that is in view when no pointer is over a page', () => {
    // Page 2 starts 220 px below the top of the screen: 680 px of it (points, at scale 1) are in view.
    const placed = placeNewField({ pages: pagesAt(592), viewport: VIEWPORT, size: SIGNATURE, occupied: nothing });
    assert.deepEqual(placed, { pageId: '1:2', x: (612 - 160) / 2, y: 680 / 2 - 20, width: 160, height: 40 });
  });

  it('centres it under the pointer when the pointer is over a page, whichever page is most in view', () => {
    const pages = pagesAt(592);
    // The pointer over page 1's bottom strip, at 300 × 700 points of that page.
    const placed = placeNewField({
      pages,
      viewport: VIEWPORT,
      pointer: { x: 100 + 300, y: 700 - 592 },
      size: SIGNATURE,
      occupied: nothing,
    });
    assert.deepEqual(placed, { pageId: '1:1', x: 300 - 80, y: 700 - 20, width: 160, height: 40 });
  });

  it('ignores a pointer outside every page (the palette) and uses the centre of the view', () => {
    const placed = placeNewField({ pages: pagesAt(0), viewport: VIEWPORT, pointer: { x: 20, y: 300 }, size: SIGNATURE, occupied: nothing });
    assert.equal(placed?.pageId, '1:1');
    assert.equal(placed?.x, (612 - 160) / 2);
    assert.equal(placed?.y, 792 / 2 - 20);
  });

  it('converts screen pixels to points at the page zoom', () => {
    const pages = pagesAt(0, 2);
    const placed = placeNewField({ pages, viewport: VIEWPORT, pointer: { x: 100 + 400, y: 600 }, size: SIGNATURE, occupied: nothing });
    assert.deepEqual(placed, { pageId: '1:1', x: 200 - 80, y: 300 - 20, width: 160, height: 40 });
  });

  it('never puts it on top of another field: it moves to the nearest free spot, a gap away', () => {
    const taken = [{ x: (612 - 160) / 2, y: 792 / 2 - 20, width: 160, height: 40 }];
    const placed = placeNewField({ pages: pagesAt(0), viewport: VIEWPORT, size: SIGNATURE, occupied: (id) => (id === '1:1' ? taken : []) });
    assert.ok(placed);
    assert.equal(overlapsAny(placed, taken), false);
    // The nearest free spot is straight above or below the field, one gap away.
    assert.equal(placed.x, taken[0]!.x);
    assert.equal(Math.abs(placed.y - taken[0]!.y), 40 + FIELD_GAP);
  });

  it('finds a free spot among many fields, inside the page and in view', () => {
    // A column of signatures down the middle of page 1, every 46 points.
    const taken = Array.from({ length: 17 }, (_, i) => ({ x: 226, y: i * 46, width: 160, height: 40 }));
    const placed = placeNewField({ pages: pagesAt(0), viewport: VIEWPORT, size: SIGNATURE, occupied: () => taken });
    assert.ok(placed);
    assert.equal(overlapsAny(placed, taken), false);
    assert.ok(insidePage(placed));
    assert.equal(placed.y, 792 / 2 - 20, 'moved sideways, at the same height');
  });

  it('keeps the field inside the page when the pointer is at its edge', () => {
    const placed = placeNewField({
      pages: pagesAt(0),
      viewport: VIEWPORT,
      pointer: { x: 100 + 611, y: 1 },
      size: SIGNATURE,
      occupied: nothing,
    });
    assert.deepEqual(placed, { pageId: '1:1', x: 612 - 160, y: 0, width: 160, height: 40 });
  });

  it('shrinks a field larger than the page to the page', () => {
    const tiny = { id: '1:1', width: 100, height: 30, rect: { left: 0, top: 0, width: 100, height: 30 } };
    const placed = placeNewField({ pages: [tiny], viewport: VIEWPORT, size: SIGNATURE, occupied: nothing });
    assert.deepEqual(placed, { pageId: '1:1', x: 0, y: 0, width: 100, height: 30 });
  });

  it('still gives a valid spot inside the page when the page is full', () => {
    const full = [{ x: 0, y: 0, width: 612, height: 792 }];
    const placed = placeNewField({ pages: pagesAt(0), viewport: VIEWPORT, size: SIGNATURE, occupied: () => full });
    assert.ok(placed);
    assert.ok(insidePage(placed));
    assert.deepEqual([placed.width, placed.height], [160, 40]);
  });

  it('prefers a free spot in view to a nearer one out of view', () => {
    // Only the top 100 points of page 1 are in view, and a field fills the middle of that strip.
    const pages = pagesAt(-800);
    const viewport = { left: 0, top: 0, width: 1280, height: 900 };
    const taken = [{ x: 200, y: 0, width: 212, height: 100 }];
    const placed = placeNewField({ pages, viewport, size: SIGNATURE, occupied: () => taken });
    assert.ok(placed);
    assert.equal(overlapsAny(placed, taken), false);
    assert.ok(placed.y + placed.height <= 100, `in view: ${JSON.stringify(placed)}`);
  });

  it('answers whole points, as a person would type them', () => {
    const placed = placeNewField({ pages: pagesAt(333.3, 1.37), viewport: VIEWPORT, size: SIGNATURE, occupied: nothing });
    assert.ok(placed);
    assert.ok(Number.isInteger(placed.x) && Number.isInteger(placed.y), JSON.stringify(placed));
  });

  it('answers null without pages', () =>
    assert.equal(placeNewField({ pages: [], viewport: VIEWPORT, size: SIGNATURE, occupied: nothing }), null));
});

describe('the nearest free spot', () => {
  it('is the wanted spot when it is free', () => {
    assert.deepEqual(nearestFreeSpot({ x: 10, y: 10, width: 20, height: 20 }, LETTER, [{ x: 100, y: 100, width: 5, height: 5 }]), {
      x: 10,
      y: 10,
      width: 20,
      height: 20,
    });
  });

  it('is a gap away from the field it would have covered', () => {
    const spot = nearestFreeSpot({ x: 100, y: 100, width: 50, height: 20 }, LETTER, [{ x: 100, y: 100, width: 50, height: 20 }]);
    assert.deepEqual([spot.x, Math.abs(spot.y - 100), spot.width, spot.height], [100, 20 + FIELD_GAP, 50, 20]);
  });
});
