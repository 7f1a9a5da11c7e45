import assert from 'node:assert/strict';
import { before, it, type TestContext } from 'node:test';
import { ARCHIVE_LIMITS } from '../../../src/infra/convert/office-archive.js';
import { IMAGE_LIMITS } from '../../../src/infra/convert/image-pdf.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { oneDocumentRequest, sha256 } from '../../support/converted-documents.js';
import { docxEntries, makeHtml, makeJpeg } from '../../support/document-fixtures.js';
import { whilePolled } from '../../support/liveness-poller.js';
import { makePdf } from '../../support/pdf-fixtures.js';
import { ihdr, makeTestPng, pngBomb, pngChunk, zlibBomb } from '../../support/png-fixtures.js';
import { assertError, type TestServer } from '../../support/test-server.js';
import { makeZip } from '../../support/zip-archive.js';
import { uploadFiles } from '../templates/template-requests.js';

/** A raw deflate stream (no zlib header, no checksum) of `bytes` zeros, a few kilobytes per gigabyte. */
const deflatedZeros = (bytes: number) => {
  const zlib = zlibBomb(bytes);
  return zlib.subarray(2, zlib.byteLength - 4);
};

const GIGABYTE = 1024 * 1024 * 1024;

describeOnEachDatabase('documents to convert that would inflate without end (docs/api/conversion.md)', (server: TestServer) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
    // Images are converted in the PDF workers: started now, so that the timings below are the work's alone.
    await server.service.ctx.pdf.inspect(await makePdf());
  });

  /** Sends the document while /healthz is polled: `status` `code` within 3 s, and nothing stored. */
  const refused = async (t: TestContext, name: string, bytes: Uint8Array, status: number, code: string, words: RegExp) => {
    const started = Date.now();
    const response = await whilePolled(t, server, name, () =>
      server.call('POST', '/api/v2.0/envelopes/create', { token, body: oneDocumentRequest(name, bytes) }),
    );
    const elapsed = Date.now() - started;
    const error = assertError(response, status, code);
    assert.match(error.developer_message, words);
    assert.ok(elapsed < 3000, `answered in ${elapsed} ms`);
    assert.equal(await server.service.ctx.blobs.get(sha256(bytes)), undefined, 'nothing is stored');
  };

  it('refuses a DOCX of a few kilobytes whose directory declares gigabytes (overlapping entries) with 400, before LibreOffice sees it', async (t) => {
    const entry = { name: 'word/document.xml', data: '', compressed: deflatedZeros(100 * 1024 * 1024), declaredSize: 100 * 1024 * 1024 };
    const bomb = makeZip([entry, ...docxEntries(['x']).filter((e) => e.name !== 'word/document.xml')], { repeatFirst: 40 });
    assert.ok(bomb.byteLength < 200 * 1024, `${bomb.byteLength} bytes`);
    await refused(t, 'bomb.docx', bomb, 400, 'CONVERSION_FAILED', /inflates to more than 200 MB/);
  });

  it('refuses a DOCX with one entry honestly declaring 3 GB with 400', async (t) => {
    const bomb = makeZip([
      ...docxEntries(['x']),
      { name: 'word/media/image1.png', data: '', compressed: deflatedZeros(3 * GIGABYTE), declaredSize: 3 * GIGABYTE },
    ]);
    await refused(t, 'honest-bomb.docx', bomb, 400, 'CONVERSION_FAILED', /inflates to more than 200 MB/);
  });

  it('refuses a DOCX whose entry declares a kilobyte and inflates to a gigabyte with 400, inflating no further than the kilobyte', async (t) => {
    const liar = makeZip([
      ...docxEntries(['x']),
      { name: 'word/media/image1.png', data: '', compressed: deflatedZeros(GIGABYTE), declaredSize: 1024 },
    ]);
    await refused(t, 'liar.docx', liar, 400, 'CONVERSION_FAILED', /"word\/media\/image1.png" cannot be inflated/);
  });

  it(`refuses a DOCX of more than ${ARCHIVE_LIMITS.maxEntries} entries with 400`, async (t) => {
    const crowded = makeZip([
      ...docxEntries(['x']),
      ...Array.from({ length: ARCHIVE_LIMITS.maxEntries }, (_, i) => ({ name: `customXml/${i}.xml`, data: '' })),
    ]);
    await refused(t, 'crowded.docx', crowded, 400, 'CONVERSION_FAILED', /entries; at most/);
  });

  it('refuses a PNG whose pixels inflate to a gigabyte (its header allows 400 bytes) with 400', async (t) => {
    await refused(t, 'bomb.png', pngBomb(GIGABYTE), 400, 'CONVERSION_FAILED', /inflates past/);
  });

  it(`refuses images over ${IMAGE_LIMITS.maxPixels / 1_000_000} million pixels from their headers with 400`, async (t) => {
    const png = Buffer.concat([
      makeTestPng({ width: 1, height: 1 }).subarray(0, 8),
      ihdr({ width: 65_000, height: 65_000 }),
      pngChunk('IEND', new Uint8Array(0)),
    ]);
    await refused(t, 'huge.png', png, 400, 'CONVERSION_FAILED', /65000×65000 pixels/);
    const jpeg = await makeJpeg(32, 32);
    const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(65_000, frame + 5);
    jpeg.writeUInt16BE(65_000, frame + 7);
    await refused(t, 'huge.jpg', jpeg, 400, 'CONVERSION_FAILED', /65000×65000 pixels/);
  });

  it('refuses an HTML page over the 25 MB a document may have with 413 while it is uploaded, before converting it', async () => {
    const page = makeHtml(['Huge'], '<p>padding</p>'.repeat((26 * 1024 * 1024) / 14));
    const response = await uploadFiles(server, token, '/envelopes/upload_file', [{ name: 'huge.html', bytes: page }]);
    assertError(response, 413, 'PAYLOAD_TOO_LARGE');
    assert.equal(await server.service.ctx.blobs.get(sha256(page)), undefined, 'nothing is stored');
  });
});
