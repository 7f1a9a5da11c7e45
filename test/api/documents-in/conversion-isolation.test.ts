import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../../src/config.js';
import { ConversionSlots } from '../../../src/infra/convert/conversion-slots.js';
import { createLibreOffice } from '../../../src/infra/convert/libreoffice.js';
import { makeDocx, makeHtml } from '../../support/document-fixtures.js';
import { pdfText } from '../../unit/pdf/poppler.js';

/**
 * Where the service may not create a network namespace (a container's unprivileged user), LibreOffice
 * runs on the machine's network: its profile alone must keep it from fetching what a document refers to.
 */
describe('a conversion without a network namespace of its own (docs/api/conversion.md)', () => {
  const converter = loadConfig({}).conversion.converter;
  let web: Server;
  let base: string;
  const requested: string[] = [];

  before(async () => {
    web = createServer((request, response) => {
      requested.push(request.url ?? '');
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(web.address() as { port: number }).port}`;
  });
  after(() => new Promise((resolve) => web.close(resolve)));

  it('fetches nothing an HTML page refers to, from a server it could reach', { skip: converter.kind !== 'soffice' }, async () => {
    assert.equal(converter.kind, 'soffice');
    const office = createLibreOffice({
      soffice: converter.path,
      timeoutMs: 240_000,
      memoryBytes: 512 * 1024 * 1024,
      maxOutputBytes: 25 * 1024 * 1024,
      slots: new ConversionSlots(1, 1, 60),
      networkNamespace: 'never',
    });
    const html = makeHtml(
      ['Remote resources stay remote'],
      `<img src="${base}/logo.png"><link rel="stylesheet" href="${base}/style.css"><script src="${base}/app.js"></script><iframe src="${base}/frame.html"></iframe>`,
    );
    const pdf = await office.convert('html', 'text/html', html);
    assert.match(await pdfText(pdf), /Remote resources stay remote/);
    assert.deepEqual(requested, []);
    // And the same process converts an office document as well without one.
    assert.match(await pdfText(await office.convert('docx', 'x', makeDocx(['Word without a namespace']))), /Word without a namespace/);
  });
});
