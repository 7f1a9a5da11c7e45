import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findAnchors } from '../../../src/infra/pdf/find-anchors.js';
import { makePdf } from '../../support/pdf-fixtures.js';
import { pdfWords } from './poppler.js';

/** Poppler measures glyph boxes from font metrics slightly differently; a few points is the same place. */
const TOLERANCE = 3;

const assertNear = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= TOLERANCE, `${what}: ${actual} is not within ${TOLERANCE} of ${expected}`);

describe('findAnchors', () => {
  for (const rotation of [0, 90, 180, 270] as const) {
    it(`places the anchor where a viewer shows it on a page rotated ${rotation}°`, async () => {
      const bytes = await makePdf({ pages: 2, rotation, text: 'Please sign at SIGNHERE today' });
      const anchors = await findAnchors(bytes, 'SIGNHERE');
      const words = (await pdfWords(bytes)).filter((word) => word.text === 'SIGNHERE');

      assert.deepEqual(
        anchors.map((anchor) => anchor.page),
        [1, 2],
      );
      const [anchor] = anchors;
      const [word] = words;
      assert.ok(anchor && word);
      assertNear(anchor.x, word.xMin, 'left');
      assertNear(anchor.x + anchor.width, word.xMax, 'right');
      assertNear(anchor.y, word.yMin, 'top');
      assertNear(anchor.y + anchor.height, word.yMax, 'bottom');
    });
  }

  it('finds nothing when the text is absent', async () => {
    const bytes = await makePdf({ text: 'Nothing to see' });
    assert.deepEqual(await findAnchors(bytes, 'SIGNHERE'), []);
  });
});
