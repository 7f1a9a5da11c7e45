import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { oneDocumentRequest, sha256 } from '../../support/converted-documents.js';
import { docxEntries, makeDocx, makeHtml, makeImagePng, makeJpeg, makeOdt, makeRtf } from '../../support/document-fixtures.js';
import { makeNotAPdf } from '../../support/pdf-fixtures.js';
import type { TestServer } from '../../support/test-server.js';
import { assertError } from '../../support/test-server.js';
import { makeZip } from '../../support/zip-archive.js';
import { uploadFiles } from '../templates/template-requests.js';

const docx = makeDocx(['A contract']);
/** Broken in their structure, which is checked with a converter or without. */
const BROKEN = [
  {
    label: 'a DOCX cut short',
    name: 'cut.docx',
    bytes: () => docx.subarray(0, docx.byteLength - 40),
    words: /not a readable ZIP container/,
  },
  {
    label: 'a DOCX without its main document',
    name: 'empty.docx',
    bytes: () => makeZip(docxEntries(['x']).filter((entry) => entry.name !== 'word/document.xml')),
    words: /no "word\/document.xml"/,
  },
  { label: 'an RTF cut short', name: 'cut.rtf', bytes: () => Buffer.from('{\\rtf1\\ansi {\\b Terms', 'latin1'), words: /never closed/ },
  {
    label: 'a PNG cut short',
    name: 'cut.png',
    bytes: () => makeImagePng(40, 30).subarray(0, 70),
    words: /PNG image could not be converted/,
  },
];

/** Every refusal names the document it is about. */
const refusedWith = (response: Awaited<ReturnType<TestServer['call']>>, status: number, code: string, name: string, words: RegExp) => {
  const error = assertError(response, status, code);
  assert.ok(error.developer_message.startsWith(`"${name}"`), error.developer_message);
  assert.match(error.developer_message, words);
};

describeOnEachDatabase('documents that cannot be converted, with LibreOffice installed (docs/api/conversion.md)', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });
  const create = (name: string, bytes: Uint8Array) =>
    server.call('POST', '/api/v2.0/envelopes/create', { token, body: oneDocumentRequest(name, bytes) });

  for (const { label, name, bytes, words } of BROKEN) {
    it(`answers 400 CONVERSION_FAILED for ${label}, and stores nothing`, async () => {
      const file = bytes();
      refusedWith(await create(name, file), 400, 'CONVERSION_FAILED', name, words);
      assert.equal(await server.service.ctx.blobs.get(sha256(file)), undefined);
    });
  }

  it('answers 400 CONVERSION_FAILED with LibreOffice’s reason for a DOCX whose structure is sound but whose content it cannot load', async () => {
    const garbage = makeZip(
      docxEntries(['x']).map((entry) => (entry.name === 'word/document.xml' ? { ...entry, data: 'not XML at all <<<' } : entry)),
    );
    refusedWith(
      await create('garbage.docx', garbage),
      400,
      'CONVERSION_FAILED',
      'garbage.docx',
      /could not be converted to PDF: source file could not be loaded/,
    );
  });

  it('answers 400 CONVERSION_FAILED to an upload of a broken file, and lists none of its files', async () => {
    const response = await uploadFiles(server, token, '/envelopes/upload_file', [{ name: 'cut.docx', bytes: BROKEN[0]!.bytes() }]);
    refusedWith(response, 400, 'CONVERSION_FAILED', 'cut.docx', /not a readable ZIP container/);
  });

  it('answers 415 UNSUPPORTED_FILE_TYPE, naming the formats it takes, for a file of another format whatever its name', async () => {
    const response = await create('picture.docx', makeNotAPdf());
    refusedWith(response, 415, 'UNSUPPORTED_FILE_TYPE', 'picture.docx', /is not a PDF, DOCX, ODT, RTF, HTML, PNG or JPEG document/);
  });
});

for (const { setting, env, words } of [
  {
    setting: 'CONVERTER=off',
    env: { CONVERTER: 'off' },
    words: /is turned off on this service \(CONVERTER=off\).*libreoffice-writer-nogui/,
  },
  {
    setting: 'no soffice on the PATH',
    env: { PATH: '/nonexistent' },
    words: /needs LibreOffice, which is not installed.*libreoffice-writer-nogui/,
  },
]) {
  describeOnEachDatabase(
    `documents in office formats with ${setting} (docs/api/conversion.md)`,
    (server) => {
      let token: string;
      before(async () => {
        token = (await server.newAccount()).accessToken;
      });
      const create = (name: string, bytes: Uint8Array) =>
        server.call('POST', '/api/v2.0/envelopes/create', { token, body: oneDocumentRequest(name, bytes) });

      it('answers 415 CONVERSION_UNAVAILABLE naming the Debian package to install, for a DOCX, an ODT, an RTF and an HTML page', async () => {
        for (const [name, bytes] of [
          ['a.docx', makeDocx(['x'])],
          ['a.odt', makeOdt(['x'])],
          ['a.rtf', makeRtf(['x'])],
          ['a.html', makeHtml(['x'])],
        ] as const) {
          refusedWith(await create(name, bytes), 415, 'CONVERSION_UNAVAILABLE', name, words);
        }
      });

      for (const { label, name, bytes, words: broken } of BROKEN) {
        it(`still answers 400 CONVERSION_FAILED for ${label}`, async () => {
          refusedWith(await create(name, bytes()), 400, 'CONVERSION_FAILED', name, broken);
        });
      }

      it('still converts images, which need no LibreOffice', async () => {
        assert.equal((await create('scan.png', makeImagePng(60, 80))).status, 201);
        assert.equal((await create('photo.jpg', await makeJpeg(80, 60))).status, 201);
      });
    },
    { env },
  );
}
