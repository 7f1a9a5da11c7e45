import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deflateSync } from 'node:zlib';
import { PDF } from '@libpdf/core';
import { AppError } from '../../../src/domain/app-error.js';
import { IMAGE_LIMITS, imagePdf } from '../../../src/infra/convert/image-pdf.js';
import { readJpegHeader } from '../../../src/infra/convert/jpeg-header.js';
import { inflatedByteLength } from '../../../src/infra/images/png-bounds.js';
import { makeImagePng, makeJpeg, withExifOrientation } from '../../support/document-fixtures.js';
import { ihdr, makeTestPng, pngBomb, pngChunk, type PngSpec } from '../../support/png-fixtures.js';

const A4 = { width: 595.28, height: 841.89 };

const pageSizes = async (bytes: Uint8Array) =>
  (await PDF.load(bytes))
    .getPages()
    .map((page) => ({ width: Math.round(page.width * 100) / 100, height: Math.round(page.height * 100) / 100 }));

const refused = async (work: Promise<unknown>, words: RegExp) =>
  assert.rejects(work, (error: unknown) => {
    assert.ok(error instanceof AppError, String(error));
    assert.equal(error.code, 'CONVERSION_FAILED');
    assert.match(error.message, words);
    return true;
  });

/** A PNG of this header whose pixels are all zero (every scanline filter 0), interlaced or not, at any depth. */
const zeroPng = (spec: PngSpec & { palette?: number }) =>
  makeTestPng({
    ...spec,
    idat: deflateSync(
      Buffer.alloc(
        inflatedByteLength({
          width: spec.width,
          height: spec.height,
          bitDepth: spec.bitDepth ?? 8,
          colourType: spec.colourType ?? 6,
          interlaced: spec.interlaced ?? false,
        }),
      ),
    ),
    before: spec.palette ? [pngChunk('PLTE', Buffer.alloc(spec.palette * 3, 0x80))] : [],
  });

describe('readJpegHeader', () => {
  it('reads the frame’s size, components and precision, and no turn without EXIF', async () => {
    assert.deepEqual(readJpegHeader(await makeJpeg(64, 32)), { width: 64, height: 32, components: 3, precision: 8, quarterTurns: 0 });
  });

  it('reads the EXIF orientation as clockwise quarter turns', async () => {
    const jpeg = await makeJpeg(64, 32);
    for (const [orientation, turns] of [
      [1, 0],
      [3, 2],
      [6, 1],
      [8, 3],
    ] as const) {
      assert.equal((readJpegHeader(withExifOrientation(jpeg, orientation)) as { quarterTurns: number }).quarterTurns, turns);
    }
  });

  it('says why bytes are not a JPEG that can be placed: cut short, or a segment running past the end', async () => {
    const jpeg = await makeJpeg(64, 32);
    assert.match(String(readJpegHeader(jpeg.subarray(0, jpeg.byteLength - 2))), /cut short/);
    assert.match(String(readJpegHeader(jpeg.subarray(0, 30))), /runs past the end|ends before/);
    assert.match(String(readJpegHeader(Buffer.from('not a jpeg'))), /does not start with a JPEG marker/);
  });
});

describe('imagePdf', () => {
  it('places a wide image on a landscape A4 page and a tall one on a portrait page', async () => {
    assert.deepEqual(await pageSizes(await imagePdf('png', makeImagePng(300, 100))), [{ width: A4.height, height: A4.width }]);
    assert.deepEqual(await pageSizes(await imagePdf('jpeg', await makeJpeg(100, 300))), [A4]);
  });

  it('turns a JPEG upright by its EXIF orientation: a wide picture taken sideways gets a portrait page', async () => {
    const sideways = withExifOrientation(await makeJpeg(400, 200), 6);
    assert.deepEqual(await pageSizes(await imagePdf('jpeg', sideways)), [A4]);
  });

  it('converts the PNGs the PDF library cannot embed as they are: interlaced, 1-bit grey, 4-bit palette, 16-bit colour', async () => {
    for (const spec of [
      { width: 40, height: 30, interlaced: true },
      { width: 40, height: 30, colourType: 0, bitDepth: 1 },
      { width: 40, height: 30, colourType: 3, bitDepth: 4, palette: 16 },
      { width: 40, height: 30, colourType: 2, bitDepth: 16 },
    ]) {
      assert.equal((await pageSizes(await imagePdf('png', zeroPng(spec)))).length, 1, JSON.stringify(spec));
    }
  });

  it('refuses a PNG whose pixels inflate past what its header allows (a decompression bomb), before decoding it', async () => {
    const bomb = pngBomb(2 * 1024 * 1024 * 1024);
    const started = Date.now();
    await refused(imagePdf('png', bomb), /inflates past/);
    assert.ok(Date.now() - started < 2000);
  });

  it(`refuses an image over ${IMAGE_LIMITS.maxSide} pixels on a side or ${IMAGE_LIMITS.maxPixels / 1_000_000} million pixels, from its header alone`, async () => {
    const huge = Buffer.concat([
      makeTestPng({ width: 1, height: 1 }).subarray(0, 8),
      ihdr({ width: 20_000, height: 20_000 }),
      pngChunk('IEND', new Uint8Array(0)),
    ]);
    await refused(imagePdf('png', huge), /20000×20000 pixels/);
    const wideJpeg = await makeJpeg(64, 32);
    const frame = wideJpeg.indexOf(Buffer.from([0xff, 0xc0]));
    wideJpeg.writeUInt16BE(7000, frame + 5);
    wideJpeg.writeUInt16BE(7000, frame + 7);
    await refused(imagePdf('jpeg', wideJpeg), /7000×7000 pixels/);
  });

  it('refuses a PNG and a JPEG cut short', async () => {
    await refused(imagePdf('png', makeImagePng(40, 30).subarray(0, 60)), /PNG image could not be converted/);
    const jpeg = await makeJpeg(64, 32);
    await refused(imagePdf('jpeg', jpeg.subarray(0, jpeg.byteLength - 2)), /cut short/);
  });
});
