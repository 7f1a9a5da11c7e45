import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stampFields } from '../../../src/infra/pdf/stamp-fields.js';
import { makePdf } from '../../support/pdf-fixtures.js';
import { inkBox, pdfWords } from './poppler.js';

const BOX = { page: 1, x: 100, y: 200, width: 180, height: 20 };
const SLACK = 2;

describe('stampFields: radio fields', () => {
  for (const rotation of [0, 90] as const) {
    it(`draws the chosen option as a filled button with its text beside it, inside the box, on a page rotated ${rotation}°`, async () => {
      const stamped = await stampFields(await makePdf({ rotation }), [{ ...BOX, kind: 'radio', text: 'Monthly billing' }]);
      const words = (await pdfWords(stamped)).filter((w) => w.text === 'Monthly' || w.text === 'billing');
      assert.deepEqual(
        words.map((w) => w.text),
        ['Monthly', 'billing'],
      );
      const ink = await inkBox(stamped, 1);
      assert.ok(ink, 'something was drawn');
      assert.ok(ink.xMin >= BOX.x - SLACK && ink.xMax <= BOX.x + BOX.width + SLACK, `x ${ink.xMin}–${ink.xMax}`);
      assert.ok(ink.yMin >= BOX.y - SLACK && ink.yMax <= BOX.y + BOX.height + SLACK, `y ${ink.yMin}–${ink.yMax}`);
      // The button sits left of the text and is filled: dark pixels at its centre.
      const button = { xMin: BOX.x, yMin: BOX.y, xMax: words[0]!.xMin - 1, yMax: BOX.y + BOX.height };
      const dot = await inkBox(stamped, 1, { threshold: 100, within: button });
      assert.ok(dot, 'a filled button precedes the option');
      assert.ok(dot.xMax <= words[0]!.xMin, 'the button does not run into the text');
    });
  }

  it('shrinks a long option to the width left beside the button', async () => {
    const text = 'Quarterly billing with a detailed statement per cost centre';
    const stamped = await stampFields(await makePdf(), [{ ...BOX, kind: 'radio', text }]);
    const words = (await pdfWords(stamped)).filter((w) => text.includes(w.text));
    assert.equal(words.map((w) => w.text).join(' '), text);
    for (const word of words) assert.ok(word.xMax <= BOX.x + BOX.width + SLACK, `"${word.text}" ends at ${word.xMax}`);
  });
});
