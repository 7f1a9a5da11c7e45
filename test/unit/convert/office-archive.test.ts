import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deflateRawSync } from 'node:zlib';
import { ARCHIVE_LIMITS, checkOfficeArchive } from '../../../src/infra/convert/office-archive.js';
import { AppError } from '../../../src/domain/app-error.js';
import { docxEntries, makeDocx, makeOdt } from '../../support/document-fixtures.js';
import { makeZip } from '../../support/zip-archive.js';

/** Rejects with CONVERSION_FAILED whose message contains `words`, within `withinMs`. */
const refused = async (bytes: Uint8Array, kind: 'docx' | 'odt', words: RegExp, withinMs = 2000) => {
  const started = Date.now();
  await assert.rejects(checkOfficeArchive(bytes, kind), (error: unknown) => {
    assert.ok(error instanceof AppError, String(error));
    assert.equal(error.code, 'CONVERSION_FAILED');
    assert.match(error.message, words);
    return true;
  });
  assert.ok(Date.now() - started < withinMs, `refused in ${Date.now() - started} ms`);
};

/** A raw deflate stream of `bytes` zeros, made once (10 MB of zeros deflate to about 10 KB). */
const zeros = (bytes: number) => deflateRawSync(Buffer.alloc(bytes), { level: 9 });

describe('checkOfficeArchive', () => {
  it('accepts a DOCX and an ODT as their writers make them', async () => {
    await checkOfficeArchive(makeDocx(['Hello']), 'docx');
    await checkOfficeArchive(makeOdt(['Hello']), 'odt');
  });

  it('refuses a container cut short, and one that is not a ZIP at all', async () => {
    const docx = makeDocx(['Hello']);
    await refused(docx.subarray(0, docx.byteLength - 30), 'docx', /not a readable ZIP container/);
    await refused(Buffer.from('PK\x03\x04 and then nothing a ZIP reader could use'), 'docx', /not a readable ZIP container/);
  });

  it('refuses a DOCX without its main document and an ODT without its content', async () => {
    await refused(makeZip(docxEntries(['Hello']).filter((entry) => entry.name !== 'word/document.xml')), 'docx', /no "word\/document.xml"/);
    const odtWithoutContent = makeZip([{ name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', method: 'store' }]);
    await refused(odtWithoutContent, 'odt', /no "content.xml"/);
  });

  it('refuses an ODT whose mimetype entry names another kind of document', async () => {
    const spreadsheet = makeZip([
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet', method: 'store' },
      { name: 'content.xml', data: '<office:document-content/>' },
    ]);
    await refused(spreadsheet, 'odt', /does not name a text document/);
  });

  it(`refuses more than ${ARCHIVE_LIMITS.maxEntries} entries from the directory alone`, async () => {
    const entries = [
      ...docxEntries(['Hello']),
      ...Array.from({ length: ARCHIVE_LIMITS.maxEntries }, (_, i) => ({ name: `word/media/${i}.xml`, data: '' })),
    ];
    await refused(makeZip(entries), 'docx', new RegExp(`holds ${entries.length} entries; at most ${ARCHIVE_LIMITS.maxEntries}`));
  });

  it('refuses a few kilobytes whose directory points at the same data again and again, declaring gigabytes, before inflating any', async () => {
    const tenMegabytes = 10 * 1024 * 1024;
    // Fifield's overlapping-file bomb: one local entry, its central directory entry repeated 300 times.
    const bomb = makeZip([{ name: 'word/document.xml', data: '', compressed: zeros(tenMegabytes), declaredSize: tenMegabytes }], {
      repeatFirst: 300,
    });
    assert.ok(bomb.byteLength < 64 * 1024, `the bomb is ${bomb.byteLength} bytes`);
    await refused(bomb, 'docx', /inflates to more than 200 MB/);
  });

  it('refuses an entry that inflates past the size its directory declares, and stops inflating it there', async () => {
    const liar = makeZip([
      ...docxEntries(['Hello']),
      { name: 'word/media/image1.png', data: '', compressed: zeros(100 * 1024 * 1024), declaredSize: 1024 },
    ]);
    await refused(liar, 'docx', /"word\/media\/image1.png" cannot be inflated/);
  });

  it('refuses an entry whose deflate stream is corrupt', async () => {
    const corrupt = makeZip([
      ...docxEntries(['Hello']).slice(0, 2),
      { name: 'word/document.xml', data: '<w:document/>', compressed: Buffer.from('not deflate at all, no') },
    ]);
    await refused(corrupt, 'docx', /"word\/document.xml" cannot be inflated/);
  });

  it('refuses an encrypted entry from the directory, before inflating any entry', async () => {
    const docx = makeDocx(['Hello']);
    // Bit 0 of the general purpose flags (encrypted), in every central directory entry (the flags are at its offset 8).
    for (let at = docx.indexOf('PK\x01\x02'); at >= 0; at = docx.indexOf('PK\x01\x02', at + 4)) docx[at + 8] = docx[at + 8]! | 1;
    // yauzl would refuse to inflate it too, later and in other words ("cannot be inflated"): the directory check answers first.
    await refused(docx, 'docx', /its entry "[^"]+" is encrypted\.$/);
  });
});
