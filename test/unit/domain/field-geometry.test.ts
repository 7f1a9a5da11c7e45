import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkFieldPlacement, type LocatedFieldBox } from '../../../src/domain/field-geometry.js';

const letter = { width: 612, height: 792 };
const landscape = { width: 792, height: 612 };
const documents = [{ pages: [letter, landscape] }, { pages: [letter] }];

const field = (overrides: Partial<LocatedFieldBox> = {}): LocatedFieldBox => ({
  path: 'recipients.signers[1].fields[0]',
  document: 1,
  page: 1,
  x: 72,
  y: 700,
  width: 200,
  height: 40,
  ...overrides,
});

describe('checkFieldPlacement', () => {
  it('accepts a box inside its page, including one touching the edges', () => {
    assert.deepEqual(checkFieldPlacement([field(), field({ x: 0, y: 0, width: 612, height: 792 })], documents), []);
  });

  it("rejects an unknown document index with 400 INVALID_FIELD_DOCUMENT at the field's document", () => {
    assert.deepEqual(
      checkFieldPlacement([field({ document: 3 })], documents).map((p) => [p.code, p.field]),
      [['INVALID_FIELD_DOCUMENT', 'recipients.signers[1].fields[0].document']],
    );
    assert.equal(checkFieldPlacement([field({ document: 0 })], documents)[0]?.code, 'INVALID_FIELD_DOCUMENT');
  });

  it("rejects a page beyond the document with INVALID_FIELD_PAGE at the field's page", () => {
    assert.deepEqual(
      checkFieldPlacement([field({ document: 2, page: 2 })], documents).map((p) => [p.code, p.field]),
      [['INVALID_FIELD_PAGE', 'recipients.signers[1].fields[0].page']],
    );
    assert.equal(checkFieldPlacement([field({ page: 1.5 })], documents)[0]?.code, 'INVALID_FIELD_PAGE');
  });

  it('rejects a box that leaves the page with FIELD_OUT_OF_BOUNDS', () => {
    for (const box of [{ x: -1 }, { y: -0.5 }, { x: 500, width: 113 }, { y: 760, height: 40 }]) {
      assert.deepEqual(
        checkFieldPlacement([field(box)], documents).map((p) => p.code),
        ['FIELD_OUT_OF_BOUNDS'],
      );
    }
  });

  it('measures a rotated page as the signer sees it', () => {
    const wide = field({ page: 2, x: 600, y: 500, width: 150, height: 50 });
    assert.deepEqual(checkFieldPlacement([wide], documents), []);
    assert.equal(checkFieldPlacement([{ ...wide, page: 1 }], documents)[0]?.code, 'FIELD_OUT_OF_BOUNDS');
  });

  it('rejects a zero or negative size with INVALID_FIELD_SIZE', () => {
    assert.deepEqual(
      checkFieldPlacement([field({ width: 0, height: -3 })], documents).map((p) => [p.code, p.field]),
      [
        ['INVALID_FIELD_SIZE', 'recipients.signers[1].fields[0].width'],
        ['INVALID_FIELD_SIZE', 'recipients.signers[1].fields[0].height'],
      ],
    );
  });

  it('reports every misplaced field at once', () => {
    const problems = checkFieldPlacement([field({ path: 'a' }), field({ path: 'b', page: 9 }), field({ path: 'c', x: 9999 })], documents);
    assert.deepEqual(
      problems.map((p) => p.field),
      ['b.page', 'c.x'],
    );
  });

  it('accepts exactly the boxes that lie within the page', () => {
    const coordinate = fc.double({ min: -100, max: 900, noNaN: true });
    fc.assert(
      fc.property(
        coordinate,
        coordinate,
        fc.double({ min: 1, max: 900, noNaN: true }),
        fc.double({ min: 1, max: 900, noNaN: true }),
        (x, y, width, height) => {
          const inside = x >= 0 && y >= 0 && x + width <= letter.width && y + height <= letter.height;
          const accepted = checkFieldPlacement([field({ x, y, width, height })], documents).length === 0;
          if (inside) assert.ok(accepted);
          const clearlyOutside = x < -0.01 || y < -0.01 || x + width > letter.width + 0.01 || y + height > letter.height + 0.01;
          if (clearlyOutside) assert.ok(!accepted);
        },
      ),
    );
  });
});
