import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { looksLikeHtml, sniffDocumentKind } from '../../../src/infra/convert/sniff-document-kind.js';
import {
  DOCX_MEDIA_TYPE,
  docxEntries,
  makeDocx,
  makeHtml,
  makeImagePng,
  makeJpeg,
  makeOdt,
  makeRtf,
  ODT_MEDIA_TYPE,
} from '../../support/document-fixtures.js';
import { makePdf } from '../../support/pdf-fixtures.js';
import { makeZip } from '../../support/zip-archive.js';

const text = (value: string) => Buffer.from(value, 'utf8');

describe('sniffDocumentKind', () => {
  it('recognises each accepted format by its content, with the media type it is listed with', async () => {
    assert.deepEqual(await sniffDocumentKind(await makePdf()), { kind: 'pdf', mediaType: 'application/pdf' });
    assert.deepEqual(await sniffDocumentKind(makeDocx(['Hello'])), { kind: 'docx', mediaType: DOCX_MEDIA_TYPE });
    assert.deepEqual(await sniffDocumentKind(makeOdt(['Hello'])), { kind: 'odt', mediaType: ODT_MEDIA_TYPE });
    assert.deepEqual(await sniffDocumentKind(makeRtf(['Hello'])), { kind: 'rtf', mediaType: 'application/rtf' });
    assert.deepEqual(await sniffDocumentKind(makeHtml(['Hello'])), { kind: 'html', mediaType: 'text/html' });
    assert.deepEqual(await sniffDocumentKind(makeImagePng(8, 8)), { kind: 'png', mediaType: 'image/png' });
    assert.deepEqual(await sniffDocumentKind(await makeJpeg(16, 8)), { kind: 'jpeg', mediaType: 'image/jpeg' });
  });

  it('reads a PDF whose header comes after a little junk, as PDF readers do', async () => {
    const pdf = Buffer.concat([Buffer.alloc(100, 0x20), await makePdf()]);
    assert.equal((await sniffDocumentKind(pdf))?.kind, 'pdf');
  });

  it('takes a macro-enabled Word document as a DOCX, keeping its own media type', async () => {
    const docm = makeZip(
      docxEntries(['Hello']).map((entry) =>
        entry.name === '[Content_Types].xml'
          ? {
              ...entry,
              data: String(entry.data).replace(
                'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
                'application/vnd.ms-word.document.macroEnabled.main+xml',
              ),
            }
          : entry,
      ),
    );
    assert.deepEqual(await sniffDocumentKind(docm), { kind: 'docx', mediaType: 'application/vnd.ms-word.document.macroenabled.12' });
  });

  it('recognises a file cut short by its start: what it is does not depend on it being whole', async () => {
    const docx = makeDocx(['Hello']);
    assert.equal((await sniffDocumentKind(docx.subarray(0, docx.byteLength / 2)))?.kind, 'docx');
    assert.equal((await sniffDocumentKind(makeImagePng(8, 8).subarray(0, 20)))?.kind, 'png');
  });

  it('knows nothing of other formats: a spreadsheet, a plain ZIP, a GIF, plain text, random bytes', async () => {
    const xlsx = makeZip([
      {
        name: '[Content_Types].xml',
        data: '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      },
      { name: 'xl/workbook.xml', data: '<workbook/>' },
    ]);
    for (const bytes of [
      xlsx,
      makeZip([{ name: 'notes.txt', data: 'hello' }]),
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      text('Just a letter, not HTML: <b>bold</b> comes later.'),
      Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256)),
      Buffer.alloc(0),
    ]) {
      assert.equal(await sniffDocumentKind(bytes), undefined, bytes.subarray(0, 20).toString('latin1'));
    }
  });
});

describe('looksLikeHtml (the WHATWG MIME sniffing rule for HTML)', () => {
  it('takes text that starts with one of the standard’s tags, after a byte order mark and white space, in any case', () => {
    for (const start of [
      '<!DOCTYPE html>',
      '<html lang="en">',
      '\ufeff<HTML>',
      '\n\t  <body>',
      '<p>Hello',
      '<!-- a comment -->',
      '<TABLE>',
      '<br>',
    ]) {
      assert.equal(looksLikeHtml(text(`${start} text`)), true, start);
    }
  });

  it('needs the tag name to end there, and no NUL byte', () => {
    for (const start of ['<pre>', '<bogus>', '<?xml version="1.0"?>', 'Hello <p>', '<html\0>']) {
      assert.equal(looksLikeHtml(text(`${start} text`)), false, start);
    }
  });
});
