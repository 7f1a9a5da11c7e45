import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../../../src/domain/app-error.js';
import { inspectPdf } from '../../../src/infra/pdf/intake.js';
import { statusOf } from '../../../src/http/errors.js';
import { sha256Hex } from '../../../src/infra/hash.js';
import {
  PAGE_SIZES,
  makeCorruptPdf,
  makeEncryptedPdf,
  makeNotAPdf,
  makePdf,
  makePdfWithInheritedBoxes,
} from '../../support/pdf-fixtures.js';

const rejectsWith = async (promise: Promise<unknown>, code: string, status: number) => {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof AppError);
    assert.equal(error.code, code);
    assert.equal(statusOf(error), status);
    return true;
  });
};

describe('inspectPdf', () => {
  it('reports page count, sizes and the SHA-256 of the bytes', async () => {
    const bytes = await makePdf({ pages: 3, size: 'a4' });
    const info = await inspectPdf(bytes);
    assert.equal(info.pages.length, 3);
    assert.deepEqual(info.pages[0], { ...PAGE_SIZES.a4, rotation: 0 });
    assert.equal(info.sha256, sha256Hex(bytes));
  });

  for (const rotation of [90, 270] as const) {
    it(`swaps width and height of a page rotated ${rotation}°, as the signer sees it`, async () => {
      const info = await inspectPdf(await makePdf({ size: 'letter', rotation }));
      assert.deepEqual(info.pages[0], { width: 792, height: 612, rotation });
    });
  }

  it('keeps width and height of a page rotated 180°', async () => {
    const info = await inspectPdf(await makePdf({ size: 'letter', rotation: 180 }));
    assert.deepEqual(info.pages[0], { width: 612, height: 792, rotation: 180 });
  });

  it('reads a MediaBox and /Rotate inherited from the page tree and an offset CropBox', async () => {
    const info = await inspectPdf(makePdfWithInheritedBoxes());
    assert.deepEqual(info.pages[0], { width: 400, height: 300, rotation: 90 });
  });

  it('rejects bytes without a PDF header with 415 UNSUPPORTED_FILE_TYPE', async () => {
    await rejectsWith(inspectPdf(makeNotAPdf()), 'UNSUPPORTED_FILE_TYPE', 415);
  });

  it('rejects a PDF that cannot be parsed with 400 INVALID_PDF', async () => {
    await rejectsWith(inspectPdf(makeCorruptPdf()), 'INVALID_PDF', 400);
  });

  it('rejects an encrypted PDF with 400 PDF_ENCRYPTED', async () => {
    await rejectsWith(inspectPdf(await makeEncryptedPdf()), 'PDF_ENCRYPTED', 400);
  });

  it('rejects more pages than maxPages with 400 PDF_TOO_MANY_PAGES', async () => {
    const bytes = await makePdf({ pages: 4 });
    await rejectsWith(inspectPdf(bytes, { maxPages: 3 }), 'PDF_TOO_MANY_PAGES', 400);
    assert.equal((await inspectPdf(bytes, { maxPages: 4 })).pages.length, 4);
  });
});
