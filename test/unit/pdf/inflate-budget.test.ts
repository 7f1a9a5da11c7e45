import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_INFLATE_BUDGET, PdfTooComplexError, scanInflateBudget } from '@countersign/verify';
import { findAnchors } from '../../../src/infra/pdf/find-anchors.js';
import { imageMarkedBomb, multiStreamPdf, objectStreamBomb, pageContentBomb, pdfWithContentOf } from '../../support/pdf-bombs.js';
import { makeEncryptedPdf, makePdf } from '../../support/pdf-fixtures.js';
import { makeAes256R6Pdf } from '../../support/pdf-encrypted-r6.js';

const MIB = 1024 * 1024;

const rejectsAsTooComplex = (scan: () => unknown, detail: RegExp) =>
  assert.throws(scan, (error: unknown) => {
    assert.ok(error instanceof PdfTooComplexError);
    assert.equal(error.code, 'PDF_TOO_COMPLEX');
    assert.match(error.message, detail);
    return true;
  });

describe('scanInflateBudget', () => {
  it('passes a legitimate 500-page document', async () => {
    const scan = scanInflateBudget(await makePdf({ pages: 500, text: 'Please sign here' }));
    assert.equal(scan.encrypted, false);
    assert.ok(scan.inflatedBytes < DEFAULT_INFLATE_BUDGET.perDocument);
  });

  it('counts what compressed streams inflate to', () => {
    assert.ok(scanInflateBudget(pdfWithContentOf(2)).inflatedBytes >= 2 * MIB);
  });

  it('stops an object stream that inflates to 1 GiB at the per-stream budget', () => {
    rejectsAsTooComplex(() => scanInflateBudget(objectStreamBomb(1024)), /one compressed stream inflates to more than 64 MiB/);
  });

  it('stops a page content stream that inflates to 2 GiB at the per-stream budget', () => {
    rejectsAsTooComplex(() => scanInflateBudget(pageContentBomb('SIGNHERE', 2048)), /more than 64 MiB/);
  });

  it('counts every stream against the per-document budget', () => {
    const budget = { perStream: 8 * MIB, perDocument: 3 * MIB };
    assert.ok(scanInflateBudget(pdfWithContentOf(2), budget).inflatedBytes >= 2 * MIB);
    rejectsAsTooComplex(() => scanInflateBudget(pdfWithContentOf(4), budget), /streams inflate to more than 3 MiB/);
  });

  it('counts every stream of a filter chain that ends in Flate after an ASCII encoding or another Flate, as the PDF library decodes it', async () => {
    const small = multiStreamPdf([
      { zeroMib: 1 },
      { zeroMib: 1, wrappedIn: 'ASCIIHexDecode' },
      { zeroMib: 1, wrappedIn: 'ASCII85Decode' },
      { zeroMib: 1, wrappedIn: 'FlateDecode' },
    ]);
    for (const part of ['Part 1', 'Part 2', 'Part 3', 'Part 4'])
      assert.equal((await findAnchors(small, part)).length, 1, `${part} is read`);
    const { inflatedBytes } = scanInflateBudget(small);
    // Both stages of the Flate in Flate count: the first inflates to the ~1 KB the second one inflates.
    assert.ok(inflatedBytes >= 4 * MIB + 1024 && inflatedBytes < 4 * MIB + 4096, `${inflatedBytes} bytes counted`);
  });

  for (const wrappedIn of ['ASCIIHexDecode', 'ASCII85Decode', 'FlateDecode'] as const) {
    it(`stops a stream filtered [/${wrappedIn} /FlateDecode] that inflates to 512 MiB at the default per-stream budget (64 MiB)`, () => {
      rejectsAsTooComplex(
        () => scanInflateBudget(multiStreamPdf([{ zeroMib: 512, wrappedIn }])),
        /one compressed stream inflates to more than 64 MiB/,
      );
    });
  }

  it('adds up the streams for the default per-document budget: four of 60 MiB pass, five are refused though each is under 64 MiB', () => {
    const { inflatedBytes } = scanInflateBudget(multiStreamPdf(Array.from({ length: 4 }, () => ({ zeroMib: 60 }))));
    assert.ok(inflatedBytes >= 240 * MIB, `${inflatedBytes} bytes counted`);
    rejectsAsTooComplex(
      () => scanInflateBudget(multiStreamPdf(Array.from({ length: 5 }, () => ({ zeroMib: 60 })))),
      /its compressed streams inflate to more than 256 MiB/,
    );
  });

  it('adds the streams behind ASCII encodings to the per-document sum: 60 MiB plain, twice behind ASCIIHex and twice behind ASCII85', () => {
    const mixed = multiStreamPdf([
      { zeroMib: 60 },
      { zeroMib: 60, wrappedIn: 'ASCIIHexDecode' },
      { zeroMib: 60, wrappedIn: 'ASCII85Decode' },
      { zeroMib: 60, wrappedIn: 'ASCIIHexDecode' },
      { zeroMib: 60, wrappedIn: 'ASCII85Decode' },
    ]);
    rejectsAsTooComplex(() => scanInflateBudget(mixed), /its compressed streams inflate to more than 256 MiB/);
  });

  it('counts a stream whose declared /Length is cut short, as the PDF library would still inflate it', () => {
    const bytes = Buffer.from(pageContentBomb('SIGNHERE', 128)).toString('latin1');
    const truncated = Buffer.from(bytes.replace(/\/Length \d+/, '/Length 4000'), 'latin1');
    rejectsAsTooComplex(() => scanInflateBudget(truncated, { perStream: 1 * MIB, perDocument: 8 * MIB }), /more than 1 MiB/);
  });

  it('reads encryption from the trailer and from an xref stream (AES-256 R6)', async () => {
    assert.equal(scanInflateBudget(await makeEncryptedPdf()).encrypted, true);
    assert.equal(scanInflateBudget(makeAes256R6Pdf()).encrypted, true);
  });

  it('skips image data no operation decodes, but counts a stream a page names as content whatever it calls itself', () => {
    const budget = { perStream: 1 * MIB, perDocument: 64 * MIB };
    assert.doesNotThrow(() => scanInflateBudget(imageMarkedBomb(8, false), budget));
    rejectsAsTooComplex(() => scanInflateBudget(imageMarkedBomb(8, true), budget), /more than 1 MiB/);
  });

  it('reads pathological text (long digit runs, unclosed arrays, trailers without startxref) in linear time', { timeout: 30_000 }, () => {
    const text = [
      '%PDF-1.7',
      `1 0 obj\n<< /Contents <${'0'.repeat(4_000_000)}> >>\nendobj`,
      `2 0 obj\n${'<< /Contents [ 9 0 R '.repeat(100_000)}\nendobj`,
      'trailer << /Size 3 >>\n'.repeat(100_000),
    ].join('\n');
    assert.equal(scanInflateBudget(Buffer.from(text, 'latin1')).encrypted, false);
  });
});
