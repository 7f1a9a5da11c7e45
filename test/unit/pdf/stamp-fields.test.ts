import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stampFields } from '../../../src/infra/pdf/stamp-fields.js';
import { makePdf, makePng } from '../../support/pdf-fixtures.js';
import { inkBox, pdfText, pdfWords, type InkBox } from './poppler.js';

const FIELD = { page: 1, x: 100, y: 150, width: 200, height: 40 };
/** Anti-aliasing at 72 dpi smears edges by up to a pixel or two. */
const SLACK = 2;

const assertInside = (inner: InkBox, outer: typeof FIELD) => {
  assert.ok(inner.xMin >= outer.x - SLACK && inner.xMax <= outer.x + outer.width + SLACK, `x ${inner.xMin}–${inner.xMax}`);
  assert.ok(inner.yMin >= outer.y - SLACK && inner.yMax <= outer.y + outer.height + SLACK, `y ${inner.yMin}–${inner.yMax}`);
};

describe('stampFields', () => {
  for (const rotation of [0, 90, 180, 270] as const) {
    it(`prints text upright inside its box on a page rotated ${rotation}°`, async () => {
      const bytes = await makePdf({ rotation });
      const stamped = await stampFields(bytes, [{ ...FIELD, kind: 'text', text: 'Approved' }]);
      const [word] = (await pdfWords(stamped)).filter((w) => w.text === 'Approved');
      assert.ok(word, 'the stamped word is extractable');
      assert.ok(word.xMax - word.xMin > word.yMax - word.yMin, 'the word runs left to right, not vertically');
      assertInside(word, FIELD);
    });

    it(`draws a signature image inside its box, keeping its aspect ratio, on a page rotated ${rotation}°`, async () => {
      const stamped = await stampFields(await makePdf({ rotation }), [{ ...FIELD, kind: 'image', imagePng: makePng(300, 100) }]);
      const ink = await inkBox(stamped, 1);
      assert.ok(ink, 'something was drawn');
      assertInside(ink, FIELD);
      // A 3:1 image in a 200×40 box is limited by the height: 120×40, centred.
      assert.ok(Math.abs(ink.xMax - ink.xMin - 120) <= SLACK, `width ${ink.xMax - ink.xMin}`);
      assert.ok(Math.abs(ink.yMax - ink.yMin - 40) <= SLACK, `height ${ink.yMax - ink.yMin}`);
      assert.ok(Math.abs((ink.xMin + ink.xMax) / 2 - 200) <= SLACK, 'centred horizontally');
    });
  }

  it('shrinks long text so that it fits the width of its box', async () => {
    const text = 'A rather long company name that would never fit at twelve points';
    const stamped = await stampFields(await makePdf(), [{ ...FIELD, kind: 'text', text }]);
    const words = (await pdfWords(stamped)).filter((w) => text.includes(w.text));
    assert.equal(words.map((w) => w.text).join(' '), text);
    for (const word of words) assertInside(word, FIELD);
  });

  it('writes handwriting-style text with the embedded handwriting font', async () => {
    const stamped = await stampFields(await makePdf(), [{ ...FIELD, kind: 'text', text: 'Jane Roe', font: 'handwriting' }]);
    assert.match(Buffer.from(stamped).toString('latin1'), /DancingScript/);
    assert.match(await pdfText(stamped), /Jane Roe/);
  });

  it('keeps names in non-Latin scripts readable', async () => {
    const stamped = await stampFields(await makePdf(), [{ ...FIELD, kind: 'text', text: 'Zoë Łukasiewicz Ψ' }]);
    assert.match(await pdfText(stamped), /Zoë Łukasiewicz Ψ/);
  });

  it('draws a ticked checkbox inside its box and leaves an unticked one empty', async () => {
    const box = { page: 1, x: 300, y: 300, width: 20, height: 20 };
    const ticked = await stampFields(await makePdf(), [{ ...box, kind: 'checkbox', checked: true }]);
    const empty = await stampFields(await makePdf(), [{ ...box, kind: 'checkbox', checked: false }]);
    const frame = await inkBox(empty, 1, { threshold: 100 });
    assert.ok(frame, 'the frame is drawn');
    assertInside(frame, box);
    const within = { xMin: 304, yMin: 304, xMax: 316, yMax: 316 };
    assert.equal(await inkBox(empty, 1, { threshold: 100, within }), null, 'an unticked box stays empty inside');
    assert.ok(await inkBox(ticked, 1, { threshold: 100, within }), 'a ticked box has its tick inside');
  });

  it('stamps several pages in one pass', async () => {
    const stamped = await stampFields(await makePdf({ pages: 3 }), [
      { ...FIELD, page: 1, kind: 'text', text: 'First' },
      { ...FIELD, page: 3, kind: 'text', text: 'Third' },
    ]);
    const words = await pdfWords(stamped);
    assert.deepEqual(
      words.map((w) => [w.page, w.text]),
      [
        [1, 'First'],
        [3, 'Third'],
      ],
    );
  });
});
