import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src/domain/app-error.js';
import type { TextTag } from '../../../src/domain/text-tags.js';
import { readTextTags, type TextTagTask } from '../../../src/infra/pdf/find-text-tags.js';
import type { Box } from '../../../src/infra/pdf/page-geometry.js';
import {
  convertParagraphs,
  hasSoffice,
  helveticaAscent,
  helveticaDescent,
  helveticaWidth,
  pdfWithContent,
  pdfWithLines,
  pdfWithType3Font,
} from '../../support/text-tag-fixtures.js';
import { pdfText, pdfWords, type PopplerWord } from './poppler.js';

const PAGE_HEIGHT = 792;
const MAX_TAGS = 2000;

const assertNear = (actual: number, expected: number, tolerance: number, what: string): void =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} is not within ${tolerance} of ${expected}`);

/** A tag read, with whichever of its keys it has: the tests look at good and bad ones alike. */
interface TagRead {
  page: number;
  text: string;
  tag?: TextTag;
  box?: Box;
  reason?: string;
}

const read = async (task: TextTagTask): Promise<{ bytes: Uint8Array; tags: TagRead[] }> => readTextTags(task);

const assertBox = (found: TagRead | undefined, expected: { x: number; y: number; width: number; height: number }, tolerance = 0.01) => {
  assert.ok(found?.box, `no box: ${JSON.stringify(found)}`);
  for (const key of ['x', 'y', 'width', 'height'] as const) assertNear(found.box[key], expected[key], tolerance, `${found.text} ${key}`);
};

/** The words poppler reads that are not (part of) a tag: those with braces, and the words inside a tag with spaces. */
const plainWords = (words: readonly PopplerWord[], inTags: readonly string[]): PopplerWord[] =>
  words.filter((word) => !word.text.includes('{{') && !word.text.includes('}}') && !inTags.includes(word.text));

/** Poppler orders words by its own layout analysis, which a removed word can change: compared in page, line and x order. */
const inReadingOrder = (words: readonly PopplerWord[]): PopplerWord[] =>
  [...words].sort((a, b) => a.page - b.page || Math.round(a.yMax) - Math.round(b.yMax) || a.xMin - b.xMin);

/** Erasing tags moves nothing else: every other word is where it was, and no tag text is left. */
const assertErasedInPlace = async (before: Uint8Array, after: Uint8Array, inTags: readonly string[] = []): Promise<void> => {
  const text = await pdfText(after);
  assert.ok(!text.includes('{{') && !text.includes('}}'), `tag text left:\n${text}`);
  const kept = inReadingOrder(plainWords(await pdfWords(before), inTags));
  const now = inReadingOrder(await pdfWords(after));
  assert.equal(
    now.length,
    kept.length,
    `words before ${JSON.stringify(kept.map((w) => w.text))}, after ${JSON.stringify(now.map((w) => w.text))}`,
  );
  kept.forEach((word, i) => {
    const moved = now[i]!;
    assert.equal(moved.text, word.text);
    for (const key of ['xMin', 'yMin', 'xMax', 'yMax'] as const) assertNear(moved[key], word[key], 0.01, `"${word.text}" ${key}`);
  });
};

/** A word's box as the contract measures a field: top-left origin. */
const wordBox = (word: PopplerWord) => ({ x: word.xMin, y: word.yMin, width: word.xMax - word.xMin, height: word.yMax - word.yMin });

describe('readTextTags: finding tags', () => {
  it('finds tags split across Tj, TJ (with kerning), quote operators, spacing and scaling, where their glyphs are', async () => {
    const bytes = await pdfWithContent([
      {
        content: [
          'BT /F 12 Tf 50 700 Td (Sign {{sig) Tj (nature:1}} here) Tj ET',
          'BT /F 12 Tf 50 650 Td [(Pay {{text) -250 (:2;w=100}}) 100 ( now)] TJ ET',
          'BT /F 10 Tf 14 TL 50 600 Td (first line) Tj ({{date:1}} second) \' 3 1 ({{initials:1}} third) " ET',
          'BT /F 12 Tf 2 Tc 0 Tw 150 Tz 50 500 Td (Wide {{text:1;h=30}} spaced) Tj ET',
        ].join('\n'),
      },
    ]);
    const { tags, bytes: erased } = await read({ bytes, maxTags: MAX_TAGS });
    assert.deepEqual(
      tags.map((tag) => [tag.page, tag.text, tag.reason]),
      [
        [1, '{{signature:1}}', undefined],
        [1, '{{text:2;w=100}}', undefined],
        [1, '{{date:1}}', undefined],
        [1, '{{initials:1}}', undefined],
        [1, '{{text:1;h=30}}', undefined],
      ],
    );
    const glyphHeight = (size: number) => helveticaAscent(size) + helveticaDescent(size);
    assertBox(tags[0], {
      x: 50 + helveticaWidth('Sign ', 12),
      y: PAGE_HEIGHT - 700 - helveticaAscent(12),
      width: helveticaWidth('{{signature:1}}', 12),
      height: glyphHeight(12),
    });
    // w alone: bottom-left corner at the start of the baseline, the glyphs' height.
    assertBox(tags[1], { x: 50 + helveticaWidth('Pay ', 12), y: PAGE_HEIGHT - 650 - glyphHeight(12), width: 100, height: glyphHeight(12) });
    assert.equal(tags[1]!.tag?.width, 100);
    assertBox(tags[2], {
      x: 50,
      y: PAGE_HEIGHT - 586 - helveticaAscent(10),
      width: helveticaWidth('{{date:1}}', 10),
      height: glyphHeight(10),
    });
    // " sets word spacing 3 and character spacing 1: 13 gaps between the tag's 14 glyphs.
    assertBox(tags[3], {
      x: 50,
      y: PAGE_HEIGHT - 572 - helveticaAscent(10),
      width: helveticaWidth('{{initials:1}}', 10) + 13,
      height: glyphHeight(10),
    });
    assertBox(tags[4], {
      x: 50 + (helveticaWidth('Wide ', 12) + 5 * 2) * 1.5,
      y: PAGE_HEIGHT - 500 - 30,
      width: (helveticaWidth('{{text:1;h=30}}', 12) + 14 * 2) * 1.5,
      height: 30,
    });
    await assertErasedInPlace(bytes, erased);
  });

  it('reads two-byte codes of a CID font (Identity-H) beside a simple font, at the boxes a viewer shows', async () => {
    const bytes = await pdfWithLines(
      [
        { text: 'Grüße {{text:2;name=company}} → ok', x: 60, y: 650, size: 14, font: 'dejavu' },
        { text: 'Plain {{signature:Buyer}} text', x: 60, y: 600, size: 12 },
        { text: 'Second page {{initials:1}}', x: 72, y: 100, size: 9, font: 'dejavu', page: 2 },
      ],
      2,
    );
    const { tags, bytes: erased } = await read({ bytes, maxTags: MAX_TAGS });
    assert.deepEqual(
      tags.map((tag) => [tag.page, tag.text, tag.tag]),
      [
        [1, '{{text:2;name=company}}', { type: 'text', signer: 2, name: 'company' }],
        [1, '{{signature:Buyer}}', { type: 'signature', signer: 'Buyer' }],
        [2, '{{initials:1}}', { type: 'initials', signer: 1 }],
      ],
    );
    const words = await pdfWords(bytes);
    for (const tag of tags) {
      const word = words.find((candidate) => candidate.page === tag.page && candidate.text === tag.text)!;
      const seen = wordBox(word);
      assertNear(tag.box!.x, seen.x, 0.5, `${tag.text} left`);
      assertNear(tag.box!.x + tag.box!.width, seen.x + seen.width, 0.5, `${tag.text} right`);
      assertNear(tag.box!.y + tag.box!.height / 2, seen.y + seen.height / 2, 2, `${tag.text} middle`);
    }
    // DejaVu Sans 14 pt: ascent 0.76 em, descent 0.24 em (its descriptor).
    assertNear(tags[0]!.box!.y, PAGE_HEIGHT - 650 - 0.76 * 14, 0.01, 'top from the descriptor');
    assertNear(tags[0]!.box!.height, 14, 0.01, 'ascent to descent');
    await assertErasedInPlace(bytes, erased);
  });

  for (const rotate of [90, 180, 270] as const) {
    it(`measures a tag on a page rotated ${rotate}° as the page is seen`, async () => {
      const bytes = await pdfWithContent([{ rotate, content: 'BT /F 12 Tf 100 400 Td (Here {{signature:1}} please) Tj ET' }]);
      const { tags, bytes: erased } = await read({ bytes, maxTags: MAX_TAGS });
      const word = wordBox((await pdfWords(bytes)).find((candidate) => candidate.text === '{{signature:1}}')!);
      const box = tags[0]!.box!;
      const along = rotate === 180 ? 'width' : 'height';
      // Along the text the box is the glyphs' advance, exactly; across it, the fonts' metrics as each reader takes them.
      assertNear(box[along], helveticaWidth('{{signature:1}}', 12), 0.01, 'length');
      assertNear(box.x + box.width / 2, word.x + word.width / 2, 2, 'centre x');
      assertNear(box.y + box.height / 2, word.y + word.height / 2, 2, 'centre y');
      await assertErasedInPlace(bytes, erased);
    });
  }

  it('follows text turned by the CTM, and reads lines in the direction they run', async () => {
    const bytes = await pdfWithContent([{ content: 'q 0 1 -1 0 300 100 cm BT /F 12 Tf 0 0 Td (Up {{date:2}} here) Tj ET Q' }]);
    const { tags, bytes: erased } = await read({ bytes, maxTags: MAX_TAGS });
    const box = tags[0]!.box!;
    // Turned a quarter left about (300, 100): the text climbs from y = 100, its ascent to the left of x = 300.
    assertBox(tags[0], {
      x: 300 - helveticaAscent(12),
      y: PAGE_HEIGHT - 100 - helveticaWidth('Up {{date:2}}', 12),
      width: helveticaAscent(12) + helveticaDescent(12),
      height: helveticaWidth('{{date:2}}', 12),
    });
    assert.ok(box.height > box.width);
    await assertErasedInPlace(bytes, erased);
  });

  it('moves the rest of the line by the word spacing of the spaces it erases, as viewers apply it (one-byte code 32 only)', async () => {
    const bytes = await pdfWithContent([{ content: 'BT /F 12 Tf 4 Tw 50 450 Td (Gap {{ text : 1 }} after) Tj ET' }]);
    const { tags, bytes: erased } = await read({ bytes, maxTags: MAX_TAGS });
    assertBox(tags[0], {
      x: 50 + helveticaWidth('Gap ', 12) + 4,
      y: PAGE_HEIGHT - 450 - helveticaAscent(12),
      width: helveticaWidth('{{ text : 1 }}', 12) + 4 * 4,
      height: helveticaAscent(12) + helveticaDescent(12),
    });
    await assertErasedInPlace(bytes, erased, ['text', ':', '1']);
  });

  it('reads a Type 3 font, whose widths its font matrix scales', async () => {
    const bytes = await pdfWithType3Font('BT /F 10 Tf 2 Tc 50 700 Td (Ab {{text:1}} cd) Tj ET');
    const { tags, bytes: erased } = await read({ bytes, maxTags: MAX_TAGS });
    // Every glyph half an em (5 pt) wide, 2 pt of character spacing after each.
    assertBox(tags[0], { x: 50 + 3 * 7, y: PAGE_HEIGHT - 700 - 8, width: 10 * 7 - 2, height: 10 });
    await assertErasedInPlace(bytes, erased);
  });

  it('reads a document LibreOffice made from a word processor file (subset fonts, kerned TJ arrays)', async (t) => {
    if (!(await hasSoffice())) return t.skip('LibreOffice (soffice) is not installed');
    const bytes = await convertParagraphs([
      'Buyer: {{signature:1;w=150;h=40}} and {{initials:Buyer}} end.',
      'Date: {{date:1}} Company: {{text:2;name=company;w=180;default=ACME}} Ltd.',
      'Unicode: Grüße {{text:2;optional;name=note}} → ok',
    ]);
    const { tags, bytes: erased } = await read({ bytes, maxTags: MAX_TAGS });
    assert.deepEqual(
      tags.map((tag) => [tag.page, tag.text, tag.reason]),
      [
        [1, '{{signature:1;w=150;h=40}}', undefined],
        [1, '{{initials:Buyer}}', undefined],
        [1, '{{date:1}}', undefined],
        [1, '{{text:2;name=company;w=180;default=ACME}}', undefined],
        [1, '{{text:2;optional;name=note}}', undefined],
      ],
    );
    const words = await pdfWords(bytes);
    for (const tag of tags) {
      const word = wordBox(words.find((candidate) => candidate.text === tag.text)!);
      assertNear(tag.box!.x, word.x, 0.5, `${tag.text} left`);
      if (tag.tag?.width === undefined) assertNear(tag.box!.width, word.width, 0.5, `${tag.text} width`);
    }
    assert.equal(tags[0]!.box!.width, 150);
    assert.equal(tags[0]!.box!.height, 40);
    await assertErasedInPlace(bytes, erased);
  });
});

describe('readTextTags: bad tags and bounds', () => {
  it('gives back a document without tags as it came', async () => {
    const bytes = await pdfWithLines([{ text: 'No tags here { } }}', x: 50, y: 700, size: 12 }]);
    const reading = await read({ bytes, maxTags: MAX_TAGS });
    assert.deepEqual(reading.tags, []);
    assert.equal(reading.bytes, bytes);
  });

  it('reports every bad tag with its page and text, and leaves the document as it came', async () => {
    const bytes = await pdfWithLines(
      [
        { text: '{{signatur:1}} and {{text:1;w=0}}', x: 50, y: 700, size: 12 },
        { text: 'Unclosed {{date:1', x: 50, y: 680, size: 12 },
        { text: 'continued}} on the next line, then {{signature:1}}', x: 50, y: 660, size: 12 },
        { text: '{{text:1;h=500}} too tall for its place', x: 50, y: 400, size: 12, page: 2 },
      ],
      2,
    );
    const reading = await read({ bytes, maxTags: MAX_TAGS });
    assert.equal(reading.bytes, bytes);
    assert.deepEqual(
      reading.tags.map((tag) => [tag.page, tag.text, tag.reason?.replace(/ \(.*/, '')]),
      [
        [1, '{{signatur:1}}', '"signatur" is not a field type'],
        [1, '{{text:1;w=0}}', 'w must be a number of points from 1 to 14400'],
        [1, '{{date:1', 'no }} closes it on its line.'],
        [1, '{{signature:1}}', undefined],
        [2, '{{text:1;h=500}}', 'its field'],
      ],
    );
    assert.match(reading.tags[4]!.reason!, /does not fit inside the page \(612 × 792 points\)/);
  });

  it('refuses more tags than the envelope may have fields, however many more there are', async () => {
    const lines = Array.from({ length: 450 }, (_, i) => ({
      text: '{{text:1}} {{text:1}} {{text:1}} {{text:1}} {{text:1}}',
      x: 10,
      y: 780 - (i % 130) * 6,
      size: 5,
      page: 1 + Math.floor(i / 130),
    }));
    const bytes = await pdfWithLines(lines, 4);
    const started = Date.now();
    await assert.rejects(read({ bytes, maxTags: MAX_TAGS }), (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.code, 'TOO_MANY_FIELDS');
      assert.match(error.message, /at most 2000 text tags/);
      return true;
    });
    assert.ok(Date.now() - started < 20_000);
  });

  it('reads a 100 KB tag no further than the longest a tag may be', async () => {
    const bytes = await pdfWithLines([{ text: `{{text:1;default=${'x'.repeat(100_000)}}} {{signature:1}}`, x: 10, y: 700, size: 1 }]);
    const { tags } = await read({ bytes, maxTags: MAX_TAGS });
    assert.equal(tags.length, 2);
    assert.equal(tags[0]!.text.length, 1000);
    assert.match(tags[0]!.reason!, /no }} closes it within 1000 characters/);
  });
});
