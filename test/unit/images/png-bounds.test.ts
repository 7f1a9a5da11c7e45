import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deflateSync } from 'node:zlib';
import { PDF } from '@libpdf/core';
import { boundedPng, inflatedByteLength, readPngHeader } from '../../../src/infra/images/png-bounds.js';
import { SIGNATURE_IMAGE_LIMITS, checkSignatureImage } from '../../../src/app/signing/signature-image.js';
import { ihdr, makeTestPng, pngBomb, pngChunk, scanlines, zlibBomb } from '../../support/png-fixtures.js';

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('readPngHeader', () => {
  it('reads width, height, bit depth, colour type and interlacing from IHDR alone', () => {
    const header = readPngHeader(makeTestPng({ width: 300, height: 120, colourType: 2, bitDepth: 16, interlaced: true }));
    assert.deepEqual(header, { width: 300, height: 120, bitDepth: 16, colourType: 2, interlaced: true });
  });

  it('refuses what is not a PNG, an IHDR that is not first, and impossible colour type / bit depth pairs', () => {
    assert.equal(readPngHeader(Buffer.from('GIF89a not a png at all, really not')), undefined);
    const png = makeTestPng({ width: 4, height: 4 });
    assert.equal(readPngHeader(png.subarray(0, 20)), undefined);
    assert.equal(readPngHeader(Buffer.concat([png.subarray(0, 8), pngChunk('tEXt', Buffer.from('a')), png.subarray(8)])), undefined);
    assert.equal(readPngHeader(makeTestPng({ width: 4, height: 4, colourType: 2, bitDepth: 4 })), undefined);
    assert.equal(readPngHeader(makeTestPng({ width: 4, height: 4, colourType: 3, bitDepth: 16 })), undefined);
    assert.equal(readPngHeader(makeTestPng({ width: 0, height: 4 })), undefined);
  });
});

describe('inflatedByteLength', () => {
  it('is height × (1 + row bytes) for a plain image, sub-byte depths rounded up per row', () => {
    assert.equal(inflatedByteLength({ width: 10, height: 10, bitDepth: 8, colourType: 6, interlaced: false }), 410);
    assert.equal(inflatedByteLength({ width: 10, height: 3, bitDepth: 1, colourType: 0, interlaced: false }), 9);
    assert.equal(inflatedByteLength({ width: 2, height: 2, bitDepth: 16, colourType: 2, interlaced: false }), 26);
  });

  it('sums the seven Adam7 passes, skipping empty ones', () => {
    // 3×3 RGB8: pass 1 is 1×1, passes 2 and 3 are empty, then 1×1, 2×1, 1×2 and 3×1; each row has a filter byte.
    assert.equal(inflatedByteLength({ width: 3, height: 3, bitDepth: 8, colourType: 2, interlaced: true }), 4 + 4 + 7 + 2 * 4 + 10);
  });
});

describe('boundedPng', () => {
  it('answers too-large at once for a 10×10 image whose data inflates to 1 GiB', () => {
    const bomb = pngBomb(1 << 30);
    const header = readPngHeader(bomb);
    assert.ok(header);
    assert.equal(boundedPng(bomb, header).kind, 'too-large');
  });

  it('rebuilds the image from IHDR, PLTE, tRNS and the image data, dropping compressed text and profiles', () => {
    const spec = { width: 8, height: 2, colourType: 3, bitDepth: 8 };
    const palette = pngChunk('PLTE', Buffer.alloc(3 * 4, 0x80));
    const transparency = pngChunk('tRNS', Buffer.from([0, 255]));
    const profile = pngChunk('iCCP', Buffer.concat([Buffer.from('icc\0\0'), zlibBomb(1 << 30)]));
    const text = pngChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0'), zlibBomb(1 << 20)]));
    const rows = scanlines(spec).map((byte, i) => (i % 9 === 0 ? 0 : byte & 3));
    const png = makeTestPng({ ...spec, before: [palette, profile, text, transparency], idat: deflateSync(rows) });
    const result = boundedPng(png, readPngHeader(png)!);
    assert.equal(result.kind, 'ok');
    const rebuilt = Buffer.from((result as { png: Uint8Array }).png);
    assert.doesNotMatch(rebuilt.toString('latin1'), /iCCP|zTXt/);
    assert.match(rebuilt.toString('latin1'), /IHDR[\s\S]*PLTE[\s\S]*tRNS[\s\S]*IDAT[\s\S]*IEND/);
    assert.ok(rebuilt.byteLength < 200);
  });

  it('refuses a chunk with a wrong CRC, one running past the end, a missing IEND, an unknown critical chunk, bad filter types and a second IHDR', () => {
    const png = makeTestPng({ width: 4, height: 4 });
    const header = readPngHeader(png)!;
    const badCrc = Buffer.from(png);
    badCrc.writeUInt8(badCrc.readUInt8(badCrc.length - 20) ^ 1, badCrc.length - 20);
    const unknownCritical = makeTestPng({ width: 4, height: 4, before: [pngChunk('ABCD', Buffer.from('x'))] });
    const badFilter = makeTestPng({ width: 4, height: 4, idat: deflateSync(scanlines({ width: 4, height: 4 }).fill(9, 0, 1)) });
    const short = makeTestPng({ width: 4, height: 4, idat: deflateSync(scanlines({ width: 4, height: 3 })) });
    const secondHeader = makeTestPng({ width: 4, height: 4, before: [ihdr({ width: 4000, height: 4000 })] });
    for (const bytes of [
      badCrc,
      png.subarray(0, png.length - 14),
      png.subarray(0, png.length - 12),
      unknownCritical,
      badFilter,
      short,
      secondHeader,
    ]) {
      assert.equal(boundedPng(bytes, header).kind, 'invalid');
    }
  });
});

describe('checkSignatureImage', () => {
  it('accepts a signature pad image and returns the checked PNG, which sealing can embed', () => {
    const checked = checkSignatureImage(base64(makeTestPng({ width: 1800, height: 600 })));
    assert.equal(checked.ok, true);
    assert.doesNotThrow(() => PDF.create().embedPng((checked as { png: Uint8Array }).png));
  });

  it('accepts every colour type sealing can embed, in 8 and 16 bits', () => {
    for (const [colourType, bitDepth] of [
      [0, 8],
      [0, 16],
      [2, 8],
      [2, 16],
      [4, 8],
      [6, 8],
      [6, 16],
    ] as const) {
      const checked = checkSignatureImage(base64(makeTestPng({ width: 20, height: 10, colourType, bitDepth })));
      assert.equal(checked.ok, true, `colour type ${colourType}, ${bitDepth} bits`);
      assert.doesNotThrow(() => PDF.create().embedPng((checked as { png: Uint8Array }).png));
    }
  });

  it('answers IMAGE_TOO_LARGE from the header alone, before decoding, for too many pixels or too long a side', () => {
    const { maxSide, maxPixels } = SIGNATURE_IMAGE_LIMITS;
    // The image data is not even zlib: a check that decoded first would call it invalid, not too large.
    const garbage = Buffer.from('not zlib at all');
    for (const [width, height] of [
      [maxSide + 1, 1],
      [1, maxSide + 1],
      [2000, Math.floor(maxPixels / 2000) + 1],
      [100_000, 100_000],
    ] as const) {
      const checked = checkSignatureImage(base64(makeTestPng({ width, height, idat: garbage })));
      assert.equal(checked.ok, false);
      assert.equal((checked as { code: string }).code, 'IMAGE_TOO_LARGE', `${width}×${height}`);
    }
  });

  it('answers IMAGE_TOO_LARGE for a 10×10 image whose data inflates far beyond its 410 bytes', () => {
    const checked = checkSignatureImage(base64(pngBomb(700 * 1024 * 1024)));
    assert.deepEqual([checked.ok, (checked as { code: string }).code], [false, 'IMAGE_TOO_LARGE']);
  });

  it('answers IMAGE_TOO_LARGE past the base64 length limit without decoding', () => {
    const checked = checkSignatureImage('A'.repeat(SIGNATURE_IMAGE_LIMITS.maxBase64Chars + 1));
    assert.deepEqual([checked.ok, (checked as { code: string }).code], [false, 'IMAGE_TOO_LARGE']);
  });

  it('answers INVALID_SIGNATURE for what sealing could not embed: not a PNG, interlaced, under 8 bits, corrupt', () => {
    for (const bytes of [
      Buffer.from('hello'),
      makeTestPng({ width: 8, height: 8, interlaced: true, idat: deflateSync(Buffer.alloc(8 * 8 * 5)) }),
      makeTestPng({ width: 8, height: 8, colourType: 0, bitDepth: 1 }),
      Buffer.concat([ihdr({ width: 8, height: 8 })]),
      makeTestPng({ width: 8, height: 8, idat: Buffer.from('not zlib') }),
    ]) {
      const checked = checkSignatureImage(base64(bytes));
      assert.deepEqual([checked.ok, (checked as { code: string }).code], [false, 'INVALID_SIGNATURE']);
    }
  });
});
